#!/usr/bin/env bash
# A full SELECT * of the demo table in each file (rowalign-sweep's scan:
# every column of every row into Go values, its own process), rounds
# alternating the files so that no file always gets the quiet moments;
# the median per file, its ratio to the aligned load's, and the load
# average before each run.
#
#   scripts/auditmeasure/scan.sh dir rounds file...   # file: names in dir, without .duckdb; the first is the reference
set -euo pipefail
dir=$1 rounds=$2
shift 2
out="$dir/scan-samples.txt"
: > "$out"
for r in $(seq "$rounds"); do
	n=$#
	for i in $(seq 0 $((n - 1))); do
		f=${@:$(( (i + r) % n + 1 )):1}
		load=$(uptime | sed 's/.*load average: //')
		"$dir/rowalign-sweep" -q -svg "" -db "$dir/$f.duckdb" -table demo -strategies scan -reps 1 -json > "$dir/scan.json"
		wall=$(python3 -c "import json,sys; print([x for x in json.load(open(sys.argv[1]))['results'] if x['config']['strategy']=='scan'][0]['wall_ns']/1e9)" "$dir/scan.json")
		echo "$f $wall $load" | tee -a "$out"
	done
done
python3 - "$out" "$1" <<'PY'
import statistics, sys
walls = {}
for line in open(sys.argv[1]):
    f, w = line.split()[:2]
    walls.setdefault(f, []).append(float(w))
ref = statistics.median(walls[sys.argv[2]])
for f, w in walls.items():
    m = statistics.median(w)
    print(f"{f:20s} median {m:.2f} s  ratio to {sys.argv[2]} {m / ref:.2f}  samples {sorted(round(x, 2) for x in w)}")
PY
