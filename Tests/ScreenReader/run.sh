#!/usr/bin/env bash
# What a blind reader hears: starts the Orca screen reader and Chromium on a virtual display over a
# built site, drives them from the keyboard (driver.py), turns Orca's log into transcripts of what
# it sent to the speech synthesizer (transcripts.py) and checks them (check.py).
#
# usage: Tests/ScreenReader/run.sh SITE_DIR [OUT_DIR]     (install.sh installs what it needs)
# Takes about four minutes. UPDATE_GOLDEN=1 re-records docs/screen-reader/ from this run.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
site=$(cd "$1" && pwd)
out=${2:-$(mktemp -d)}
mkdir -p "$out" && out=$(cd "$out" && pwd)
export SR_SITE="$site" SR_WORK="$out"
export HOME="$out/home" DISPLAY=${SR_DISPLAY:-:97} XDG_RUNTIME_DIR="$out/home/run" XDG_CONFIG_HOME="$out/home/.config"
export XDG_DATA_HOME="$out/home/.local/share" GTK_MODULES=gail:atk-bridge NO_AT_BRIDGE=0
export ACCESSIBILITY_ENABLED=1 GSETTINGS_BACKEND=memory LANG=en_US.UTF-8
rm -rf "$out/home" "$out/transcripts" "$out/chrome-profile"
mkdir -p "$XDG_RUNTIME_DIR" "$XDG_CONFIG_HOME/speech-dispatcher" "$XDG_DATA_HOME" "$out/speechd-log"
chmod 700 "$XDG_RUNTIME_DIR"
# Speech goes to ALSA's null device: nothing is played, and say-all runs at full speed.
printf 'pcm.!default { type null }\nctl.!default { type hw card 0 }\n' > "$HOME/.asoundrc"
cat > "$XDG_CONFIG_HOME/speech-dispatcher/speechd.conf" <<CONF
LogLevel 3
LogDir "$out/speechd-log"
AudioOutputMethod "alsa"
DefaultModule espeak-ng
AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"
Include "/etc/speech-dispatcher/clients/*.conf"
CONF

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
  pkill -u "$(id -u)" -f "speech-dispatcher.*$out" 2>/dev/null
  [ -n "${DBUS_SESSION_BUS_PID:-}" ] && kill "$DBUS_SESSION_BUS_PID" 2>/dev/null
  return 0
}
trap cleanup EXIT

Xvfb "$DISPLAY" -screen 0 1280x1024x24 -nolisten tcp > "$out/xvfb.log" 2>&1 & pids+=($!)
sleep 2
eval "$(dbus-launch --sh-syntax)"
openbox > "$out/openbox.log" 2>&1 & pids+=($!)
/usr/libexec/at-spi-bus-launcher --launch-immediately > "$out/atspi.log" 2>&1 & pids+=($!)
sleep 2
orca --debug-file="$out/orca-debug.out" > "$out/orca.stdout" 2>&1 & orca_pid=$!
sleep 8
python3 "$here/driver.py" > "$out/driver.log" 2>&1
status=$?
sleep 2
kill "$orca_pid" 2>/dev/null; sleep 3   # Orca writes the rest of its log as it exits
if [ $status -ne 0 ]; then
  echo "the screen-reader driver failed; see $out/driver.log" >&2
  exit 1
fi
python3 "$here/transcripts.py" "$out/orca-debug.out" "$out/steps.tsv" "$out/transcripts" &&
  python3 "$here/check.py" "$out/transcripts" "$repo/docs/screen-reader"
