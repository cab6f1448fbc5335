#!/usr/bin/env bash
# A script written for bbpPairings (its README's command line and exit statuses), run
# unchanged against another engine: ENGINE is the command, e.g. "bbpPairings.exe" or
# "crosstable engine". DIR holds: partial.trf (an event in progress), changed.trf (a
# complete event with one round changed by hand), complete.trf (every round paired),
# nocolour.trf (round 1 to pair, no initial colour). Prints "ok" and exits 0 when every
# expectation holds, else names the first one that failed and exits 1.
set -u
ENGINE=$1
DIR=$2
fail() { echo "FAILED: $*"; exit 1; }

# Program information (-r alone): one line, exit 0.
info=$($ENGINE -r) || fail "-r exit $?"
[ -n "$info" ] || fail "-r printed nothing"

# Pair the next round; a bare output name lands beside the input, the check-list too.
rm -f "$DIR/next.txt" "$DIR/partial.list"
$ENGINE --dutch "$DIR/partial.trf" -p next.txt -l
status=$?
[ "$status" -eq 0 ] || fail "-p exit $status"
[ -f "$DIR/next.txt" ] || fail "-p next.txt not written beside the input"
[ -f "$DIR/partial.list" ] || fail "-l without a name: partial.list not written"
pairs=$(head -n 1 "$DIR/next.txt")
lines=$(($(wc -l < "$DIR/next.txt") - 1))
[ "$pairs" -eq "$lines" ] || fail "-p: $pairs pairs announced, $lines lines"
# Every player in the check-list's table rows is paired exactly once (column Cur).
listed=$(awk -F'\t' 'NR > 2 && NF > 8 && $1 ~ /[0-9]/ {n++} END {print n + 0}' "$DIR/partial.list")
paired=$(awk 'NR > 1 {for (i = 1; i <= NF; i++) if ($i != 0) n++} END {print n + 0}' "$DIR/next.txt")
[ "$listed" -eq "$paired" ] || fail "check-list lists $listed players, the pairing has $paired"

# Check a file whose round was changed by hand: a discrepancy is not an error (exit 0);
# the table lists the checker's pairs beside the tournament's.
report=$($ENGINE --dutch "$DIR/changed.trf" -c)
status=$?
[ "$status" -eq 0 ] || fail "-c exit $status"
rounds=$(printf '%s\n' "$report" | grep -c ': Round #')
[ "$rounds" -ge 2 ] || fail "-c: $rounds round lines"
printf '%s\n' "$report" | grep -q 'Checker pairings' || fail "-c: no discrepancy table"
rows=$(printf '%s\n' "$report" | awk '/Checker pairings/ {t = 1; next} t && NF == 6 && $2 == "-" && $5 == "-" {n++} /^$/ {t = 0} END {print n + 0}')
[ "$rows" -ge 1 ] || fail "-c: no 'W - B   W - B' rows under the table"
printf '%s\n' "$report" | grep -q '^changed: Round #1$' || fail "-c: round lines are not 'STEM: Round #N'"

# A complete event has no next round: invalid request (3).
$ENGINE --dutch "$DIR/complete.trf" -p > /dev/null 2>&1
status=$?
[ "$status" -eq 3 ] || fail "-p after the final round: exit $status, not 3"

# Round 1 without an initial colour: invalid request (3), the engine does not draw it.
$ENGINE --dutch "$DIR/nocolour.trf" -p > /dev/null 2>&1
status=$?
[ "$status" -eq 3 ] || fail "-p without an initial colour: exit $status, not 3"

# A missing file: file error (5).
$ENGINE --dutch "$DIR/nothing-here.trf" -c > /dev/null 2>&1
status=$?
[ "$status" -eq 5 ] || fail "-c of a missing file: exit $status, not 5"

# A random tournament from a model file, written beside the model, with its check-lists.
rm -f "$DIR/model-random.trf" "$DIR/model-random.list"
$ENGINE --dutch "$DIR/complete.trf" -g -o model-random.trf -s 7 -l > /dev/null
status=$?
[ "$status" -eq 0 ] || fail "MODEL -g exit $status"
[ -f "$DIR/model-random.trf" ] || fail "MODEL -g: output not beside the model"
grep -q '^Round #1' "$DIR/model-random.list" || fail "MODEL -g -l: no 'Round #1' in the check-list"
[ -s "$DIR/model-random.trf" ] || fail "MODEL -g: empty output"
echo ok
