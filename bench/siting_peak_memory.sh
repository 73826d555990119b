#!/bin/sh
# Runs a command and reports its peak private (anonymous) and file-backed
# resident memory, sampled from /proc every 0.2 s: a read-only mmap of the
# matrix shows up as RssFile (page cache the kernel may drop), our own arrays
# as RssAnon.   siting_peak_memory.sh CMD ARGS...
"$@" &
pid=$!
anon=0; file=0
while kill -0 $pid 2>/dev/null; do
  a=$(awk '/RssAnon/ {print $2}' /proc/$pid/status 2>/dev/null); f=$(awk '/RssFile/ {print $2}' /proc/$pid/status 2>/dev/null)
  [ -n "$a" ] && [ "$a" -gt "$anon" ] && anon=$a
  [ -n "$f" ] && [ "$f" -gt "$file" ] && file=$f
  sleep 0.2
done
wait $pid; rc=$?
echo "peak RssAnon $((anon / 1024)) MiB, peak RssFile $((file / 1024)) MiB, exit $rc"
