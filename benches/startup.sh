#!/usr/bin/env bash
# Run from the repository root after `cargo build --release`, with Xvfb on $DISPLAY
# and xdotool installed (AVIARY_BIN=path measures another build). First window time, RSS and idle CPU of the release build under Xvfb.
export DISPLAY=${DISPLAY:-:99} AVIARY_SAVES=/tmp/av-saves-bench AVIARY_CONFIG=/tmp/av-config-bench
rm -rf "$AVIARY_CONFIG"
start=$(date +%s%N)
"${AVIARY_BIN:-./target/release/aviary}" >/dev/null 2>&1 &
pid=$!
# Under Xvfb the program is sometimes refused its X connection ("Failed to
# open connection to X server", either build, about 1 start in 6 in quick
# succession): give up after 10 s instead of waiting for ever.
tries=0
while ! xdotool search --name '^Aviary$' >/dev/null 2>&1; do
  sleep 0.005
  tries=$((tries + 1))
  if [ "$tries" -gt 2000 ] || ! kill -0 "$pid" 2>/dev/null; then
    echo "no window (the program exited or the X server refused it); run again"
    exit 1
  fi
done
shown=$(date +%s%N)
echo "first window: $(( (shown - start) / 1000000 )) ms"
sleep 3
echo "rss: $(grep VmRSS /proc/$pid/status)"
t1=$(awk '{print $14+$15}' /proc/$pid/stat); sleep 10; t2=$(awk '{print $14+$15}' /proc/$pid/stat)
echo "cpu ticks while idle for 10 s: $((t2 - t1)) (100 ticks = 1 s of CPU)"
kill $pid
