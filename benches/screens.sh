#!/usr/bin/env bash
# Screenshots of every game screen in the light and the dark theme, as a
# user sees them. Run from the repository root after `cargo build`, with
# Xvfb, xdotool and imagemagick installed:  bash benches/screens.sh [OUT]
# The games come from `cargo run --example showcase` (one game in progress
# of each, offered for resuming); the tab positions are those of the
# 1180 x 820 window at scale 1.
set -euo pipefail
out=${1:-/tmp/aviary-screens}
mkdir -p "$out"
export DISPLAY=${DISPLAY:-:99}
if ! xdotool getdisplaygeometry >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x900x24 >/dev/null 2>&1 &
  sleep 1
fi
bin=${AVIARY_BIN:-./target/debug/aviary}
for theme in light dark; do
  rm -rf "$out/games"
  cargo run -q --example showcase -- "$out/games" >/dev/null
  AVIARY_SAVES="$out/games/saves" AVIARY_CONFIG="$out/games/$theme" "$bin" >/dev/null 2>&1 &
  pid=$!
  sleep 4
  xdotool mousemove 349 488 click 1   # Resume
  sleep 2
  for tab in "280 daedalus" "483 feathers-and-wax" "680 enchanted-plumes" "916 dust-in-the-wings"; do
    set -- $tab
    xdotool mousemove "$1" 37 click 1
    sleep 1.5
    import -window root -crop 1180x820+0+0 "$out/$2-$theme.png"
  done
  kill "$pid"
  wait "$pid" 2>/dev/null || true
done
# Tail Feathers at each phase: deployment, mission, tilt, a flight's ghosts,
# a crossing decision, an attack, the final phase (one tab each), and a
# flight position where some flights crash into a trunk (the eighth tab).
for theme in light dark; do
  rm -rf "$out/games"
  cargo run -q --example showcase -- "$out/games" >/dev/null
  folder="$out/games/tail-feathers"
  [ "$theme" = dark ] && folder="$out/games/tail-feathers-dark"
  AVIARY_SAVES="$out/games/saves" AVIARY_CONFIG="$folder" "$bin" >/dev/null 2>&1 &
  pid=$!
  sleep 4
  xdotool mousemove 341 554 click 1   # Resume (eight games offered)
  sleep 2
  for tab in "225 deploy" "367 mission" "508 tilt" "650 flight" "792 crossing" "933 attack" "1075 final"; do
    set -- $tab
    xdotool mousemove "$1" 37 click 1
    xdotool mousemove 1170 810
    sleep 1.5
    import -window root -crop 1180x820+0+0 "$out/tail-feathers-$2-$theme.png"
  done
  # The eighth tab (second row): flights into a trunk, one pointed at.
  xdotool mousemove 52 60 click 1
  sleep 1.5
  xdotool mousemove 609 291
  sleep 1
  import -window root -crop 1180x820+0+0 "$out/tail-feathers-crash-$theme.png"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
done
ls "$out"/*.png
# The computer's flight shown before its bird moves (a long pause set).
rm -rf "$out/games"
cargo run -q --example showcase -- "$out/games" >/dev/null
AVIARY_SAVES="$out/games/saves" AVIARY_CONFIG="$out/games/tail-feathers-computer" "$bin" >/dev/null 2>&1 &
pid=$!
sleep 4
xdotool mousemove 356 439 click 1   # Resume (one game offered)
xdotool mousemove 1170 810
sleep 2.8
import -window root -crop 1180x820+0+0 "$out/tail-feathers-computer-flight-light.png"
kill "$pid"
wait "$pid" 2>/dev/null || true
ls "$out"/*computer*.png
# The additional rules: a death spiral with tail feathers lying about, a
# flight whose ring would start a spiral (pointed at), and leaves adrift
# with their riders, light and dark.
for theme in light dark; do
  rm -rf "$out/games"
  cargo run -q --example showcase -- "$out/games" >/dev/null
  folder="$out/games/tail-feathers-additional"
  [ "$theme" = dark ] && folder="$out/games/tail-feathers-additional-dark"
  AVIARY_SAVES="$out/games/saves" AVIARY_CONFIG="$folder" "$bin" >/dev/null 2>&1 &
  pid=$!
  sleep 4
  xdotool mousemove 340 472 click 1   # Resume (three games offered)
  sleep 2
  xdotool mousemove 225 37 click 1
  xdotool mousemove 1170 810
  sleep 1.5
  import -window root -crop 1180x820+0+0 "$out/tail-feathers-spiral-$theme.png"
  xdotool mousemove 367 37 click 1
  sleep 1.5
  xdotool mousemove 580 153
  sleep 1
  import -window root -crop 1180x820+0+0 "$out/tail-feathers-into-spiral-$theme.png"
  xdotool mousemove 509 37 click 1
  xdotool mousemove 1170 810
  sleep 1.5
  import -window root -crop 1180x820+0+0 "$out/tail-feathers-leaf-$theme.png"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
done
ls "$out"/*spiral*.png "$out"/*leaf*.png
# Action cards and the ballista: the hand picked at setup, a turn with
# cards to play and a ballista standing (a card pointed at), and the
# attack window's prompt, light and dark.
for theme in light dark; do
  rm -rf "$out/games"
  cargo run -q --example showcase -- "$out/games" >/dev/null
  folder="$out/games/tail-feathers-cards"
  [ "$theme" = dark ] && folder="$out/games/tail-feathers-cards-dark"
  AVIARY_SAVES="$out/games/saves" AVIARY_CONFIG="$folder" "$bin" >/dev/null 2>&1 &
  pid=$!
  sleep 4
  xdotool mousemove 340 472 click 1   # Resume (three games offered)
  sleep 2
  xdotool mousemove 225 37 click 1
  xdotool mousemove 1170 810
  sleep 1.5
  import -window root -crop 1180x820+0+0 "$out/tail-feathers-cards-pick-$theme.png"
  xdotool mousemove 367 37 click 1
  sleep 1.5
  xdotool mousemove 120 740
  sleep 1
  import -window root -crop 1180x820+0+0 "$out/tail-feathers-cards-play-$theme.png"
  # The first card carried over the battlefield: the units it may go to lit.
  xdotool mousemove 100 760
  xdotool mousedown 1
  for i in 1 2 3 4 5 6 7 8 9 10; do xdotool mousemove $((100 + i * 47)) $((760 - i * 52)); sleep 0.1; done
  sleep 0.8
  import -window root -crop 1180x820+0+0 "$out/tail-feathers-cards-drag-$theme.png"
  xdotool mouseup 1
  xdotool mousemove 509 37 click 1
  xdotool mousemove 1170 810
  sleep 1.5
  import -window root -crop 1180x820+0+0 "$out/tail-feathers-cards-window-$theme.png"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
done
ls "$out"/*cards*.png
