#!/usr/bin/env bash
# Installs what the screen-reader test needs (Debian packages): the Orca screen reader, Chromium, a
# virtual display and window manager, the accessibility bus, speech-dispatcher with espeak-ng (its
# audio goes to ALSA's null device), CJK fonts, and the locales Orca and Chromium expect.
set -euo pipefail
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
packages=(orca chromium xvfb xdotool dbus-x11 at-spi2-core speech-dispatcher speech-dispatcher-espeak-ng espeak-ng
  python3-pyatspi libatk-adaptor libgail-common gir1.2-wnck-3.0 fonts-noto-cjk openbox alsa-utils libasound2-plugins
  x11-utils locales)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
if ! locale -a 2>/dev/null | grep -qi '^en_US.utf8$'; then
  $sudo_cmd sed -i 's/^# *\(en_US.UTF-8\)/\1/; s/^# *\(zh_TW.UTF-8\)/\1/' /etc/locale.gen
  $sudo_cmd locale-gen >/dev/null
fi
