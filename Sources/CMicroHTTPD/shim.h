#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call, and a few of its constants are cast macros
   Swift does not import; these wrappers give them fixed signatures. */

/* Leaves the request path percent-encoded, so the server's own normaliser sees exactly what the
   client sent (MHD's decoding would turn %2e%2e into .. and %00 into the end of the string). */
static size_t handbook_keep_escaped(void *cls, struct MHD_Connection *connection, char *text) {
    (void)cls;
    (void)connection;
    return strlen(text);
}

/* One thread per connection (a slow client holds only its own thread), on an already bound and
   listening socket, with a connection limit and an idle timeout in seconds. */
static inline struct MHD_Daemon *handbook_start_daemon(
    int listen_socket, unsigned int connection_limit, unsigned int timeout_seconds,
    MHD_AccessHandlerCallback handler, void *handler_context) {
    return MHD_start_daemon(
        MHD_USE_AUTO | MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION, 0, NULL, NULL,
        handler, handler_context,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_UNESCAPE_CALLBACK, handbook_keep_escaped, (void *)NULL,
        MHD_OPTION_END);
}

static inline uint64_t handbook_size_unknown(void) { return MHD_SIZE_UNKNOWN; }
static inline ssize_t handbook_end_of_stream(void) { return MHD_CONTENT_READER_END_OF_STREAM; }
