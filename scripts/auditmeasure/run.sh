#!/usr/bin/env bash
# The measurements behind docs/audit.md (Measurements):
# the demo table (1,000,000 rows x 29 columns) loaded whole and in
# 250,000-row commits, audited, repaired and compacted; a full SELECT * on
# each (rowalign-sweep's scan: every column of every row into Go values,
# median of -reps child processes); and the audit of a ~1 GB file.
#
#   scripts/auditmeasure/run.sh [dir]     # default dir: a new temporary one
#
# ROWALIGN_AUDIT_BIG_ROWS (default 11000000, about 1 GB) sizes the big
# file (written once: dir/big.duckdb is reused if it exists); 0 skips it.
# ROWALIGN_AUDIT_REPS (default 5) is the number of scan rounds.
# Every timing line is preceded by the load average of the moment.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-$(mktemp -d /tmp/rowalign-audit.XXXXXX)}
mkdir -p "$dir"
big=${ROWALIGN_AUDIT_BIG_ROWS:-11000000}
reps=${ROWALIGN_AUDIT_REPS:-5}
go build -o "$dir/rowalign-db" ./duckdb/cmd/rowalign-db
go build -o "$dir/rowalign-sweep" ./duckdb/cmd/rowalign-sweep
db="$dir/rowalign-db"
load() { echo "load: $(uptime | sed 's/.*load average: //')"; }
timed() { # timed label command...: wall seconds of one run
	local t0 t1
	load
	t0=$(date +%s.%N)
	"$@"
	t1=$(date +%s.%N)
	printf '%s: %.2f s wall\n' "$(basename "$1") $2" "$(echo "$t1 - $t0" | bc)" >&2
}
size() { stat -c %s "$1"; }

echo "== machine: $(nproc) cores, $(go version | cut -d' ' -f3), $(date -u +%FT%TZ)"
rm -f "$dir"/aligned.duckdb* "$dir"/damaged.duckdb* "$dir"/repaired*.duckdb* "$dir"/compacted.duckdb*
"$db" demo "$dir/aligned.duckdb"
"$db" demo -commit 250000 "$dir/damaged.duckdb"
cp "$dir/damaged.duckdb" "$dir/repaired.duckdb"
cp "$dir/damaged.duckdb" "$dir/compacted.duckdb"

echo "== audit of the aligned load and of the 250,000-row-commit load"
"$db" audit "$dir/aligned.duckdb" "$dir/damaged.duckdb"
"$db" audit -json "$dir/damaged.duckdb" > "$dir/damaged.json"
"$db" audit -json "$dir/aligned.duckdb" > "$dir/aligned.json"
timed "$db" audit "$dir/damaged.duckdb" > /dev/null

echo "== repair"
timed "$db" repair -apply "$dir/repaired.duckdb"
"$db" audit -json "$dir/repaired.duckdb" > "$dir/repaired.json"
"$db" audit "$dir/repaired.duckdb"

echo "== compact (of the damaged file, and of a copy of the repaired one)"
cp "$dir/repaired.duckdb" "$dir/repaired-compacted.duckdb"
timed "$db" compact -apply "$dir/compacted.duckdb"
"$db" compact -apply -no-backup "$dir/repaired-compacted.duckdb"
"$db" audit "$dir/compacted.duckdb" "$dir/repaired-compacted.duckdb"

echo "== sizes (bytes)"
a=$(size "$dir/aligned.duckdb")
for f in aligned damaged repaired compacted repaired-compacted; do
	s=$(size "$dir/$f.duckdb")
	printf '%-18s %11d  %6.1f MB  %+.1f %% vs aligned\n' "$f" "$s" "$(echo "$s / 1000000" | bc -l)" "$(echo "($s - $a) * 100 / $a" | bc -l)"
done

echo "== calibration: the audit's estimate for the damaged table vs the real rewrite"
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
dam = json.load(open(d + "/damaged.json"))["tables"][0]
rep = json.load(open(d + "/repaired.json"))["tables"][0]
e = dam["estimate"]
print(f"stored before {dam['stored_bytes']}, estimate after {e['bytes']} (saves {e['saved_bytes']}, {e['groups']} groups), "
      f"real after {rep['stored_bytes']} ({len(rep['group_rows'])} groups): real/estimate {rep['stored_bytes'] / e['bytes']:.4f}")
PY

echo "== SELECT * (rowalign-sweep scan, $reps rounds alternating the files)"
scripts/auditmeasure/scan.sh "$dir" "$reps" aligned damaged repaired compacted

if [ "$big" -gt 0 ]; then
	echo "== audit of a big file: $big rows in 250,000-row commits"
	if [ -e "$dir/big.duckdb" ]; then
		echo "(reusing $dir/big.duckdb from an earlier run: remove it to write it again)"
	else
		"$db" demo -rows "$big" -commit 250000 "$dir/big.duckdb"
	fi
	"$db" audit "$dir/big.duckdb" > /dev/null # warm the OS cache once
	for i in 1 2 3; do timed "$db" audit "$dir/big.duckdb" > "$dir/big-audit.txt"; done
	cat "$dir/big-audit.txt"
fi
echo "== files in $dir"
