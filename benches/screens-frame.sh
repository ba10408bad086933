#!/usr/bin/env bash
# Screenshots of the frame around the games (Home, Saved Games, a lesson
# map, Settings) and of Enchanted Plumes at 2, 4 and 6 seats, light and
# dark, at 1180 x 820 and 800 x 600. Run from the repository root after
# `cargo build`, with Xvfb, xdotool and imagemagick installed:
#   bash benches/screens-frame.sh [OUT]
# The games come from `cargo run --example showcase`; the click positions
# are those of the 1180 x 820 window at scale 1.
set -euo pipefail
out=${1:-/tmp/aviary-frame-screens}
mkdir -p "$out"
export DISPLAY=${DISPLAY:-:99}
if ! xdotool getdisplaygeometry >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x900x24 >/dev/null 2>&1 &
  sleep 1
fi
bin=${AVIARY_BIN:-./target/debug/aviary}
rm -rf "$out/games"
cargo run -q --example showcase -- "$out/games" >/dev/null
# shot SAVES THEME NAME W H [click "X Y" | resize | sleepN]...
shot() {
  local saves=$1 theme=$2 name=$3 w=$4 h=$5
  shift 5
  # Settings of the theme alone: no games to offer for resuming.
  rm -rf "$out/config-$theme"
  mkdir -p "$out/config-$theme"
  if [ "$theme" = dark ]; then dark=true; else dark=false; fi
  echo "{\"dark\": $dark}" >"$out/config-$theme/settings.json"
  AVIARY_SAVES="$saves" AVIARY_CONFIG="$out/config-$theme" "$bin" >/dev/null 2>&1 &
  local pid=$!
  sleep 4
  local wid
  wid=$(xdotool search --name '^Aviary$' | head -1)
  xdotool windowmove "$wid" 0 0 windowsize "$wid" 1180 820
  sleep 1
  for step in "$@"; do
    case $step in
      resize) xdotool windowsize "$wid" 800 600; sleep 1.5 ;;
      sleep*) sleep "${step#sleep}" ;;
      *) xdotool mousemove ${step% *} ${step#* } click 1; sleep 1.2 ;;
    esac
  done
  xdotool mousemove $((w - 5)) $((h - 5))
  sleep 0.8
  import -window root -crop "${w}x${h}+0+0" "$out/$name.png"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}
all="$out/games/saves"
plumes="$out/games/plumes"
for theme in light dark; do
  shot "$all" $theme "home-$theme" 1180 820
  shot "$all" $theme "home-800x600-$theme" 800 600 resize
  shot "$all" $theme "saved-games-$theme" 1180 820 "190 14" sleep2
  shot "$all" $theme "settings-$theme" 1180 820 "1138 14"
  # The Learn button on the Enchanted Plumes box.
  shot "$all" $theme "lessons-map-enchanted-plumes-$theme" 1180 820 "522 769" sleep2
  # Continue lists the five games (saved in the same second: by name),
  # three cards and two: two of 2 players (the late one first), two of
  # 4 (the late one first), then 6.
  shot "$plumes" $theme "enchanted-plumes-2-players-hand-off-$theme" 1180 820 "530 183" sleep1
  shot "$plumes" $theme "enchanted-plumes-4-players-$theme" 1180 820 "178 300" sleep1
  shot "$plumes" $theme "enchanted-plumes-4-players-late-$theme" 1180 820 "880 183" sleep1
  shot "$plumes" $theme "enchanted-plumes-6-players-$theme" 1180 820 "530 300" sleep1
  shot "$plumes" $theme "enchanted-plumes-800x600-$theme" 800 600 "178 300" sleep1 resize
done
ls "$out"/*.png
