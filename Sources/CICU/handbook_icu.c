#include "handbook_icu.h"

#include <unicode/uenum.h>
#include <unicode/uloc.h>
#include <unicode/upluralrules.h>

/* ICU's locale ID for a BCP 47 tag, NUL-terminated in `locale`; 0 when the tag cannot be turned into
   one that fits (a tag of any length may come from site.yaml). */
static int locale_of(const char *tag, char *locale, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uloc_forLanguageTag(tag, locale, capacity, NULL, &status);
    return U_SUCCESS(status) && status != U_STRING_NOT_TERMINATED_WARNING && length < capacity;
}

/* Opens the cardinal plural rules of a BCP 47 tag; NULL when ICU cannot. Close with
   handbook_plural_rules_close. */
void *handbook_plural_rules_open(const char *tag) {
    char locale[ULOC_FULLNAME_CAPACITY];
    if (!locale_of(tag, locale, (int32_t)sizeof locale)) return NULL;
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_openForType(locale, UPLURAL_TYPE_CARDINAL, &status);
    if (U_FAILURE(status)) return NULL;
    return rules;
}

void handbook_plural_rules_close(void *rules) {
    uplrules_close((UPluralRules *)rules);
}

/* The category (zero, one, two, few, many, other) of a whole number, as ASCII into `keyword`;
   its length, or -1 on failure. */
int32_t handbook_plural_select(const void *rules, double number, char *keyword, int32_t capacity) {
    UChar buffer[16];
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = uplrules_select((const UPluralRules *)rules, number, buffer, 16, &status);
    if (U_FAILURE(status) || length >= capacity) return -1;
    for (int32_t i = 0; i < length; i++) keyword[i] = (char)buffer[i];
    keyword[length] = 0;
    return length;
}

/* The categories the rules use, each as ASCII into `keywords` separated by spaces; the length, or
   -1 on failure. */
int32_t handbook_plural_keywords(const void *rules, char *keywords, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UEnumeration *all = uplrules_getKeywords((const UPluralRules *)rules, &status);
    if (U_FAILURE(status)) return -1;
    int32_t length = 0;
    const char *keyword;
    int32_t keywordLength;
    while ((keyword = uenum_next(all, &keywordLength, &status)) != NULL && U_SUCCESS(status)) {
        if (length + keywordLength + 1 >= capacity) { length = -1; break; }
        if (length > 0) keywords[length++] = ' ';
        for (int32_t i = 0; i < keywordLength; i++) keywords[length++] = keyword[i];
    }
    uenum_close(all);
    if (length >= 0) keywords[length] = 0;
    return U_FAILURE(status) ? -1 : length;
}

/* Whether the language's script (given, or the likely one for the language) is written right to left. */
int handbook_is_right_to_left(const char *tag) {
    char locale[ULOC_FULLNAME_CAPACITY];
    if (!locale_of(tag, locale, (int32_t)sizeof locale)) return 0;
    return uloc_isRightToLeft(locale) ? 1 : 0;
}
