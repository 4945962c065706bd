#!/usr/bin/env bash
# build.sh builds golangci-lint with the rowalign module plugin compiled in
# and prints the binary's path on stdout (logs go to stderr).
#
# It does what `golangci-lint custom` does with .custom-gcl.yml (see
# golangci-lint's pkg/commands/internal/builder.go), without the git clone
# from GitHub that this build environment cannot reach: the golangci-lint
# source comes from the Go module proxy instead. The steps are golangci-lint's
# documented "manual way":
#   1. copy github.com/golangci/golangci-lint/v2@VERSION out of the module
#      cache into a writable tree;
#   2. write cmd/golangci-lint/plugins.go with a blank import of the plugin
#      package (github.com/rowalign/rowalign/golangci);
#   3. go mod edit -replace github.com/rowalign/rowalign=<this checkout>;
#      go mod tidy;
#   4. go build ./cmd/golangci-lint with the ldflags `custom` uses.
#
# The binary is cached in $ROWALIGN_CACHE (default ~/.cache/rowalign) under
# a key that hashes the golangci-lint version, the Go version, this script,
# .custom-gcl.yml, go.mod, go.sum and every source file of the plugin's
# packages in this module, so CI rebuilds only when one of them changes.
# A cold build is compiling: go mod tidy downloads golangci-lint's
# dependencies (52 s), then go build compiles 1,241 packages, about 230
# CPU-seconds (183 s user, 49 s system). Its wall time is that CPU time
# over the share of the cores it gets: on the 2-core CI machine with empty
# module, build and binary caches, 15 min 56 s at load average 17-25
# (2026-12-01 22:05-22:21 UTC; the compile alone 14 min 25 s), and 4 min
# 6 s at load 3-11 (2026-11-30). It logs every 100 packages compiled, so
# it is never silent for long. A rebuild after a change reuses the Go
# build cache for every package the change does not reach: 27 s for one
# package at load 25, 177 s for 168 at load 21; a cache hit takes about 1 s.
# Reproduce: GOMODCACHE=$(mktemp -d) GOCACHE=$(mktemp -d) ROWALIGN_CACHE=$(mktemp -d) \
#   /usr/bin/time -v scripts/golangci/build.sh
#
# Usage: scripts/golangci/build.sh [-o PATH]
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

# The version and the plugin come from .custom-gcl.yml, the file a team
# copies, so that CI builds what the README tells them to.
yml() { sed -n "s/^[ -]*$1:[[:space:]]*\([^[:space:]#]*\).*/\1/p" "$here/.custom-gcl.yml" | head -1; }
GCL_VERSION=${GCL_VERSION:-$(yml version)}
MODULE=$(yml module)
PLUGIN=$(yml import)
[[ $GCL_VERSION == v2.* && -n $MODULE && -n $PLUGIN ]] ||
	{ echo "golangci build: cannot read version, module and import from $here/.custom-gcl.yml" >&2; exit 1; }
cache=${ROWALIGN_CACHE:-$HOME/.cache/rowalign}
out=""
if [[ ${1:-} == -o ]]; then
	out=${2:?usage: build.sh [-o PATH]}
fi

log() { echo "golangci build: $(date -u +%H:%M:%S) $*" >&2; }

# What a cold build costs, measured with this script (see the header).
BUILD_TIME="cold: about 230 CPU-seconds, 15 min at load 20 on 2 cores, about 4 min at load 5; after a change, only what it reaches"
PROGRESS_EVERY=${PROGRESS_EVERY:-100}

# key prints the cache key: a hash of everything that can change the binary.
key() {
	cd "$root"
	{
		echo "$GCL_VERSION"
		go version
		go env GOOS GOARCH CGO_ENABLED
		cat "$here/build.sh" "$here/.custom-gcl.yml" go.mod go.sum
		go list -deps -f '{{with .Module}}{{if eq .Path "'"$MODULE"'"}}{{range $.GoFiles}}{{$.Dir}}/{{.}}
{{end}}{{range $.EmbedFiles}}{{$.Dir}}/{{.}}
{{end}}{{end}}{{end}}' "$PLUGIN" | sort | while read -r f; do
			[[ -n $f ]] || continue
			echo "${f#"$root"/}"
			cat "$f"
		done
	} | sha256sum | cut -c1-16
}

# build KEY WORK builds the binary for KEY into WORK/golangci-lint.
build() {
	local key=$1 work=$2
	if [[ ! -d $work/gcl ]]; then
		log "copying github.com/golangci/golangci-lint/v2@$GCL_VERSION from the module proxy"
		local src
		src=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "github.com/golangci/golangci-lint/v2@$GCL_VERSION" |
			sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
		[[ -d $src ]] || { log "module download failed"; return 1; }
		cp -R "$src" "$work/gcl"
		chmod -R u+w "$work/gcl"
		log "copied; adding the plugin import and the replace to $root, then go mod tidy (downloads golangci-lint's dependencies)"
		cat >"$work/gcl/cmd/golangci-lint/plugins.go" <<GO
package main

// This file is used to declare module plugins.

import (
	_ "$PLUGIN"
)
GO
		(cd "$work/gcl" && go mod edit -replace "$MODULE=$root" && go mod tidy >&2)
	fi
	local version="${GCL_VERSION#v}-custom-gcl-rowalign-$key" total
	total=$(cd "$work/gcl" && go list -deps ./cmd/golangci-lint | wc -l)
	log "compiling golangci-lint and the plugin: $total packages ($BUILD_TIME; progress every $PROGRESS_EVERY packages)"
	# go build -v names each package it compiles (not those the Go build
	# cache already holds): counting them is the progress line.
	(cd "$work/gcl" && go build -v -ldflags "-s -w -X 'main.version=$version' -X 'main.date=$(date -u '+%Y-%m-%d %H:%M:%S +0000 UTC')'" \
		-o "$work/golangci-lint" ./cmd/golangci-lint) 2>&1 | progress "$total"
	[[ -x $work/golangci-lint ]]
}

# progress TOTAL: counts the package names go build -v prints and logs
# every PROGRESS_EVERY of them with the time so far; passes errors through.
progress() {
	local total=$1 n=0 t0 line
	t0=$(date +%s)
	while IFS= read -r line; do
		if [[ $line =~ ^[A-Za-z0-9._~/-]+$ ]]; then
			n=$((n + 1))
			((n % PROGRESS_EVERY)) || log "compiled $n of at most $total packages ($(($(date +%s) - t0)) s)"
		else
			echo "$line" >&2
		fi
	done
	log "compiled $n packages in $(($(date +%s) - t0)) s (the others came from the Go build cache)"
}

key=$(key)
bin="$cache/golangci-lint-$GCL_VERSION-rowalign-$key"

if [[ -x $bin ]]; then
	log "cached $bin"
else
	mkdir -p "$cache"
	start=$(date +%s)
	work=$(mktemp -d "$cache/build.XXXXXX")
	trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
	# The checkout may change while it builds (other work in the same
	# tree): cache the binary only under the key its sources had from
	# start to end, building again when they moved.
	for attempt in 1 2 3; do
		build "$key" "$work"
		after=$(key)
		[[ $after != "$key" ]] || break
		log "sources changed during the build (attempt $attempt); building again"
		key=$after
		bin="$cache/golangci-lint-$GCL_VERSION-rowalign-$key"
	done
	[[ $after == "$key" ]] || { log "sources keep changing; giving up"; exit 1; }
	mv "$work/golangci-lint" "$bin"
	# Keep the three newest binaries: a concurrent run may still use an
	# older key's.
	ls -t "$cache"/golangci-lint-*-rowalign-* | tail -n +4 | xargs -r rm -f
	log "built $bin in $(($(date +%s) - start)) s"
fi

if [[ -n $out ]]; then
	cp "$bin" "$out"
	echo "$out"
else
	echo "$bin"
fi
