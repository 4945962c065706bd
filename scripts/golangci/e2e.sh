#!/usr/bin/env bash
# e2e.sh builds golangci-lint with the rowalign module plugin (build.sh,
# cached) and runs it on the fixture module in testdata/, checking what a
# team relies on:
#   findings     the expected findings of every check, at their positions,
#                and no others
#   no-prefix    messages carry no "rowalign: " prefix (linter and analyzer
#                share the name), but their check's name ("pagesize: ")
#   nolint       //nolint:rowalign silences a finding that is there without it
#   one-line     two findings of one line are one issue, which golangci's
#                default uniq-by-line cannot hide
#   fix          --fix rewrites the fixture into walk.go.golden (Go literals,
#                typed ones kept typed, SQL text, and a LIMIT/OFFSET walk
#                into pager.Pages), leaving only the findings that have no
#                fix, and the result builds
#   rewrite      --fix rewrites offsetwalk's walks into the pager exactly as
#                the analysistest goldens of passes/offsetwalk/testdata/rewrite
#                (every file with a .golden)
#                (which go vet -fix, go fix -fixtool and standalone -fix also
#                give: tests/e2e/testdata/script/rewrite.txtar), and the
#                result builds
#   misspelt     a misspelt setting fails the run and names the valid ones
#   invalid      a row-group-size DuckDB rejects fails the run with the rule
#   checks-string  `checks: -commitsize` (a string, not a list) runs as
#                -checks=-commitsize
#   sarif        --output.sarif.path writes the findings as SARIF 2.1.0
#   config       the .golangci.yml a team copies passes golangci-lint's own
#                schema check (config verify)
#   transitive   in testdata/transitive/ (a module of its own, left out of
#                the fixture copies), a package that imports only the project's
#                db package (which blank-imports the driver) is linted, and
#                its walk over store.OpenPostgres() is not: scope's facts
#                reach it through golangci-lint's analysis of dependencies
# It ends with "golangci e2e: N passed, M failed" and exits 1 on a failure.
#
# Usage: scripts/golangci/e2e.sh   (ROWALIGN_CACHE: where build.sh caches)
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

start=$(date +%s)
gcl=$("$here/build.sh")
echo "golangci e2e: binary $gcl ($(($(date +%s) - start)) s to build or find)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export GOLANGCI_LINT_CACHE="$work/cache"

# fixture DIR: a fresh copy of the fixture module whose driver and pager
# replaces point into this checkout.
fixture() {
	mkdir -p "$1"
	cp -R "$here/testdata/." "$1"
	rm -rf "$1/transitive"
	(cd "$1" && go mod edit -replace "github.com/duckdb/duckdb-go/v2=$root/testdata/stubs/duckdb-go" \
		-replace "github.com/rowalign/rowalign=$root/testdata/stubs/rowalign")
}

# lint DIR ARGS...: run golangci-lint in DIR; stdout to DIR.out, stderr to
# DIR.err, exit code to DIR.code.
lint() {
	local dir=$1
	shift
	local code=0
	(cd "$dir" && "$gcl" run --output.text.print-issued-lines=false "$@" ./...) >"$dir.out" 2>"$dir.err" || code=$?
	echo "$code" >"$dir.code"
}

# issues FILE: the issue lines of golangci-lint's text output.
issues() { grep -E '^[^ ]+\.go:[0-9]+:[0-9]+: ' "$1" || true; }

line_of() { grep -nF -- "$1" "$here/testdata/walk/walk.go" | head -1 | cut -d: -f1; }

passed=0
failed=0
check() {
	local name=$1
	shift
	if out=$("$@" 2>&1); then
		passed=$((passed + 1))
		echo "ok   $name"
	else
		failed=$((failed + 1))
		echo "FAIL $name"
		echo "$out" | sed 's/^/     /'
	fi
}

fixture "$work/run"
lint "$work/run"

want_findings=(
	"walk/walk.go:$(line_of 'const pageSize = 250_000'):18: pagesize: page size pageSize = 250000 splits DuckDB's 122880-row row groups: "
	"walk/walk.go:$(line_of 'step := int64(100_000)'):16: pagesize: page size step = 100000 is smaller than DuckDB's 122880-row row group: "
	"walk/walk.go:$(line_of 'lo+300_000)'):86: commitsize: commit size 300000 splits DuckDB's 122880-row row groups: "
	"walk/walk.go:$(line_of 'tx.Exec("INSERT INTO dst VALUES (?)", n)'):3: rowbyrow: one-row INSERT per loop iteration "
	"walk/walk.go:$(line_of 'n%150_000 == 0'):8: commitsize: commit size 150000 splits DuckDB's 122880-row row groups: "
	"walk/walk.go:$(($(line_of 'const page = 150_000') - 1)):2: directive: rowalign:ignore needs a reason: "
	"walk/walk.go:$(line_of 'const page = 150_000'):15: pagesize: page size page = 150000 splits DuckDB's 122880-row row groups: "
	"walk/walk.go:$(line_of 'ORDER BY id LIMIT ? OFFSET ?'):3: offsetwalk: LIMIT/OFFSET page walk with ORDER BY: "
	"walk/walk.go:$(line_of 'FROM orders LIMIT ? OFFSET ?'):16: offsetwalk: LIMIT/OFFSET page walk without ORDER BY: "
	"walk/walk.go:$(line_of 'app.AppendRow(r...)'):13: appendertx: DuckDB Appender fed in a loop outside a transaction: "
	"walk/walk.go:$(line_of "ATTACH 'big.db'"):50: attachsize: ATTACH ... (ROW_GROUP_SIZE 100000): DuckDB rejects a size that is not a multiple of its vector size 2048; use 100352"
)

findings() {
	local ok=0
	[[ $(cat "$work/run.code") == 1 ]] || { echo "exit code $(cat "$work/run.code"), want 1 (issues found)"; ok=1; }
	for w in "${want_findings[@]}"; do
		grep -qF -- "$w" "$work/run.out" || { echo "missing: $w"; ok=1; }
	done
	local n
	n=$(issues "$work/run.out" | wc -l)
	[[ $n == "${#want_findings[@]}" ]] || { echo "$n issues, want ${#want_findings[@]}"; ok=1; }
	[[ $ok == 0 ]] || { cat "$work/run.out" "$work/run.err"; }
	return $ok
}

no_prefix() {
	local all prefixed other
	all=$(issues "$work/run.out")
	[[ -n $all ]] || { echo "no issues at all"; return 1; }
	prefixed=$(echo "$all" | grep -E '^[^ ]+:[0-9]+:[0-9]+: rowalign: ' || true)
	[[ -z $prefixed ]] || { echo "prefixed with the analyzer name:"; echo "$prefixed"; return 1; }
	# Each message starts with its check's name: golangci-lint's output,
	# text or JSON, has no category (issue 18).
	other=$(echo "$all" | grep -vE '^[^ ]+:[0-9]+:[0-9]+: (pagesize|commitsize|offsetwalk|appendertx|rowbyrow|attachsize|directive): ' || true)
	[[ -z $other ]] || { echo "not prefixed with a check name:"; echo "$other"; return 1; }
	other=$(echo "$all" | grep -vE ' \(rowalign\)$' || true)
	[[ -z $other ]] || { echo "not attributed to the rowalign linter:"; echo "$other"; return 1; }
}

nolint() {
	local l
	l=$(line_of 'const filePage = 100_000 //nolint:rowalign')
	if grep -q "^walk/walk.go:$l:" "$work/run.out"; then
		echo "reported despite //nolint:rowalign:"
		grep "^walk/walk.go:$l:" "$work/run.out"
		return 1
	fi
	# Without the comment the same line is a finding: the nolint is what
	# silenced it.
	fixture "$work/nonolint"
	sed -i 's|//nolint:rowalign.*$||' "$work/nonolint/walk/walk.go"
	lint "$work/nonolint"
	grep -q "^walk/walk.go:$l:[0-9]*: pagesize: page size filePage = 100000 is smaller than" "$work/nonolint.out" ||
		{ echo "without //nolint the line is not reported either:"; cat "$work/nonolint.out" "$work/nonolint.err"; return 1; }
}

fix() {
	fixture "$work/fix"
	lint "$work/fix" --fix
	if ! diff -u "$here/testdata/walk/walk.go.golden" "$work/fix/walk/walk.go"; then
		echo "--fix result differs from walk.go.golden"
		return 1
	fi
	# The findings left are the ones without a fix.
	local left
	left=$(issues "$work/fix.out")
	[[ $(echo "$left" | wc -l) == 4 && $left == *"rowalign:ignore needs a reason"* && $left == *"rowbyrow: one-row INSERT"* &&
		$left == *"LIMIT/OFFSET page walk with ORDER BY"* && $left == *"DuckDB Appender fed in a loop"* ]] ||
		{ echo "after --fix, want only the directive, offsetwalk, appendertx and rowbyrow findings, got:"; cat "$work/fix.out" "$work/fix.err"; return 1; }
	# The joined issue of the walk's line (its walk and its size) went with
	# the walk's rewrite into pager.Pages: the next run finds the same four.
	lint "$work/fix"
	local again
	again=$(issues "$work/fix.out")
	[[ $(echo "$again" | wc -l) == 4 && $again == *"rowalign:ignore needs a reason"* && $again == *"rowbyrow: one-row INSERT"* &&
		$again == *"LIMIT/OFFSET page walk with ORDER BY"* && $again == *"DuckDB Appender fed in a loop"* ]] ||
		{ echo "the next run reports other findings than the four without a fix:"; cat "$work/fix.out" "$work/fix.err"; return 1; }
	# And the fixed code compiles.
	(cd "$work/fix" && go vet ./...)
}

# rewrite compares files, not issue text: how the findings of one line are
# joined is the checker's business (internal/analysis/check/merge.go), and whatever
# it joins, the files --fix leaves must be the goldens.
rewrite() {
	local dir=$work/rewrite src=$root/passes/offsetwalk/testdata/rewrite ok=0
	mkdir -p "$dir/rewrite"
	cp "$here/testdata/.golangci.yml" "$dir/"
	local golden f
	for golden in "$src"/*.go.golden; do
		cp "${golden%.golden}" "$dir/rewrite/"
	done
	cat >"$dir/go.mod" <<MOD
module example.com/fixtures

go 1.26

require (
	github.com/duckdb/duckdb-go/v2 v2.10506.0
	github.com/rowalign/rowalign v0.0.0
)

replace (
	github.com/duckdb/duckdb-go/v2 => $root/testdata/stubs/duckdb-go
	github.com/rowalign/rowalign => $root/testdata/stubs/rowalign
)
MOD
	lint "$dir" --fix
	local code
	code=$(cat "$dir.code")
	# 1: the refused walks are still reported; anything else is a failure.
	[[ $code == 0 || $code == 1 ]] || { echo "exit code $code:"; cat "$dir.out" "$dir.err"; return 1; }
	for golden in "$src"/*.go.golden; do
		f=$(basename "${golden%.golden}")
		diff -u "$golden" "$dir/rewrite/$f" || { echo "--fix result of $f differs from its golden"; ok=1; }
	done
	[[ $ok == 0 ]] || { cat "$dir.out" "$dir.err"; return 1; }
	(cd "$dir" && go build ./...)
}

misspelt() {
	fixture "$work/misspelt"
	lint "$work/misspelt" -c misspelt.golangci.yml
	local code
	code=$(cat "$work/misspelt.code")
	[[ $code != 0 && $code != 1 ]] || { echo "exit code $code, want a failure (not 0 or 1, which mean lint results)"; return 1; }
	for w in 'plugin(rowalign)' 'unknown setting "row-group-sise"' 'valid settings: ' 'row-group-size'; do
		grep -qF -- "$w" "$work/misspelt.err" || { echo "stderr lacks $w:"; cat "$work/misspelt.err"; return 1; }
	done
	head -1 "$work/misspelt.err"
}

invalid() {
	fixture "$work/invalid"
	sed 's/row-group-size: 122880/row-group-size: 100000/' "$here/testdata/.golangci.yml" >"$work/invalid/.golangci.yml"
	lint "$work/invalid"
	local code
	code=$(cat "$work/invalid.code")
	[[ $code != 0 && $code != 1 ]] || { echo "exit code $code, want a failure"; return 1; }
	grep -qF 'row group size 100000: must be a positive multiple of' "$work/invalid.err" ||
		{ echo "stderr lacks the rule:"; cat "$work/invalid.err"; return 1; }
}

# checks_string: `checks: -commitsize`, a string where the sample writes a
# list, reads as -checks=-commitsize does; it failed the run with Go's
# "cannot unmarshal string into Go struct field Settings.checks".
checks_string() {
	fixture "$work/checks"
	sed 's/checks: \[all\]/checks: -commitsize/' "$here/testdata/.golangci.yml" >"$work/checks/.golangci.yml"
	grep -q '^ *checks: -commitsize' "$work/checks/.golangci.yml" || { echo "the fixture's config has no checks: [all] to replace"; return 1; }
	lint "$work/checks"
	local code
	code=$(cat "$work/checks.code")
	[[ $code == 1 ]] || { echo "exit code $code, want 1 (findings):"; cat "$work/checks.out" "$work/checks.err"; return 1; }
	grep -qF 'pagesize: ' "$work/checks.out" || { echo "no pagesize finding:"; cat "$work/checks.out"; return 1; }
	! grep -qF 'commitsize: ' "$work/checks.out" || { echo "commitsize still reported:"; cat "$work/checks.out"; return 1; }
}

sarif() {
	fixture "$work/sarif"
	lint "$work/sarif" --output.sarif.path="$work/out.sarif" --output.text.path=stdout
	local f=$work/out.sarif
	[[ -s $f ]] || { echo "no SARIF file"; return 1; }
	grep -qF '"version":"2.1.0"' "$f" || { echo "not SARIF 2.1.0"; head -c 300 "$f"; return 1; }
	local n
	n=$(grep -oF '"ruleId":"rowalign"' "$f" | wc -l)
	[[ $n == "${#want_findings[@]}" ]] || { echo "$n rowalign results, want ${#want_findings[@]}"; return 1; }
	for w in '"text":"pagesize: page size pageSize = 250000 splits' '"uri":"walk/walk.go"' "\"startLine\":$(line_of 'n%150_000 == 0')"; do
		grep -qF -- "$w" "$f" || { echo "SARIF lacks $w"; head -c 2000 "$f"; return 1; }
	done
}

# one_line: an offsetwalk and a pagesize finding of one line are one issue
# carrying both messages, so golangci-lint's default uniq-by-line (which
# the fixture's config leaves on) hides neither. It hid the size once, while
# --fix still rewrote it (issue 10).
one_line() {
	if grep -q 'uniq-by-line' "$here/testdata/.golangci.yml"; then
		echo ".golangci.yml sets uniq-by-line: the test needs golangci-lint's default"
		return 1
	fi
	local l got
	l=$(line_of 'FROM orders LIMIT ? OFFSET ?')
	got=$(issues "$work/run.out" | grep "^walk/walk.go:$l:" || true)
	[[ $(echo "$got" | grep -c .) == 1 ]] || { echo "want one issue on line $l, got:"; echo "$got"; return 1; }
	[[ $got == *"offsetwalk: LIMIT/OFFSET page walk without ORDER BY: "*"; also pagesize: page size 100000 is smaller than DuckDB's 122880-row row group: "*"; use 122"*" (rowalign)" ]] ||
		{ echo "line $l does not carry both findings:"; echo "$got"; return 1; }
}

config_verify() {
	fixture "$work/verify"
	(cd "$work/verify" && "$gcl" config verify)
}

transitive() {
	local dir=$work/transitive
	mkdir -p "$dir"
	cp -R "$here/testdata/transitive/." "$dir"
	(cd "$dir" && go mod edit -replace "github.com/duckdb/duckdb-go/v2=$root/testdata/stubs/duckdb-go" \
		-replace "github.com/lib/pq=$root/testdata/stubs/pq")
	lint "$dir"
	local duck pg
	duck=$(grep -nF 'FROM events' "$dir/report/report.go" | cut -d: -f1)
	pg=$(grep -nF 'FROM users' "$dir/report/report.go" | cut -d: -f1)
	grep -q "^report/report.go:$duck:" "$dir.out" ||
		{ echo "the DuckDB walk (line $duck) is not reported:"; cat "$dir.out" "$dir.err"; return 1; }
	if grep -q "^report/report.go:$pg:" "$dir.out"; then
		echo "the PostgreSQL walk (line $pg) is reported:"
		cat "$dir.out"
		return 1
	fi
}

check findings findings
check no-prefix no_prefix
check nolint nolint
check one-line one_line
check fix fix
check rewrite rewrite
check misspelt misspelt
check invalid invalid
check checks-string checks_string
check sarif sarif
check config config_verify
check transitive transitive

echo "golangci e2e: $passed passed, $failed failed ($(($(date +%s) - start)) s)"
[[ $failed == 0 ]]
