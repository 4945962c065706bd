#!/usr/bin/env bash
# A full SELECT * of the demo table in each file (rowalign-sweep's scan:
# every column of every row into Go values, its own process), rounds
# alternating the files so that no file always gets the quiet moments;
# the medians per file (wall, and CPU: user + system of the scanning
# process, less sensitive to a shared machine's load), their ratios to the
# first file's, and the load average before each run.
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
		wallcpu=$(python3 -c "import json,sys; r=[x for x in json.load(open(sys.argv[1]))['results'] if x['config']['strategy']=='scan'][0]; print(r['wall_ns']/1e9, r['cpu_ns']/1e9)" "$dir/scan.json")
		echo "$f $wallcpu $load" | tee -a "$out"
	done
done
python3 - "$out" "$1" <<'PY'
import statistics, sys
walls, cpus = {}, {}
for line in open(sys.argv[1]):
    f, w, c = line.split()[:3]
    walls.setdefault(f, []).append(float(w))
    cpus.setdefault(f, []).append(float(c))
ref = statistics.median(walls[sys.argv[2]])
cref = statistics.median(cpus[sys.argv[2]])
for f, w in walls.items():
    m, c = statistics.median(w), statistics.median(cpus[f])
    print(f"{f:20s} wall median {m:.2f} s, ratio to {sys.argv[2]} {m / ref:.2f}, samples {sorted(round(x, 2) for x in w)}; "
          f"CPU median {c:.2f} s, ratio {c / cref:.2f}")
PY
