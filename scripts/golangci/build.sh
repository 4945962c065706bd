#!/usr/bin/env bash
# build.sh builds golangci-lint with the rowalign module plugin compiled in
# and prints the binary's path on stdout (logs go to stderr).
#
# It does what `golangci-lint custom` does (see golangci-lint's
# pkg/commands/internal/builder.go) without cloning from GitHub, which this
# build environment cannot reach: the golangci-lint source comes from the Go
# module proxy instead. Steps, as in golangci-lint's "manual way":
#   1. copy github.com/golangci/golangci-lint/v2@$GCL_VERSION out of the
#      module cache into a writable tree;
#   2. write cmd/golangci-lint/plugins.go with a blank import of
#      github.com/rowalign/rowalign/golangci;
#   3. go mod edit -replace github.com/rowalign/rowalign=<this checkout>;
#      go mod tidy;
#   4. go build ./cmd/golangci-lint with the same ldflags `custom` uses.
#
# The binary is cached in $ROWALIGN_CACHE (default ~/.cache/rowalign) under
# a key that hashes the golangci-lint version, the Go version, this script,
# go.mod/go.sum and every source file of the plugin's packages in this
# module, so CI rebuilds only when one of them changes. A cold build (empty
# Go build cache) takes about 6 minutes on 2 cores; a rebuild after a plugin
# change reuses the Go build cache and takes well under a minute.
#
# Usage: scripts/golangci/build.sh [-o PATH]
set -euo pipefail

GCL_VERSION=${GCL_VERSION:-v2.15.0}
MODULE=github.com/rowalign/rowalign
PLUGIN=$MODULE/golangci

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
cache=${ROWALIGN_CACHE:-$HOME/.cache/rowalign}
out=""
if [[ ${1:-} == -o ]]; then
	out=$2
fi

log() { echo "golangci build: $*" >&2; }

# The key: everything that can change the binary.
key=$(
	cd "$root"
	{
		echo "$GCL_VERSION"
		go version
		go env GOOS GOARCH CGO_ENABLED
		cat "$here/build.sh" go.mod go.sum
		go list -deps -f '{{with .Module}}{{if eq .Path "'"$MODULE"'"}}{{range $.GoFiles}}{{$.Dir}}/{{.}}
{{end}}{{range $.EmbedFiles}}{{$.Dir}}/{{.}}
{{end}}{{end}}{{end}}' "$PLUGIN" | sort | while read -r f; do
			[[ -n $f ]] || continue
			echo "${f#"$root"/}"
			cat "$f"
		done
	} | sha256sum | cut -c1-16
)
bin="$cache/golangci-lint-$GCL_VERSION-rowalign-$key"

if [[ -x $bin ]]; then
	log "cached $bin"
else
	mkdir -p "$cache"
	start=$(date +%s)
	work=$(mktemp -d "$cache/build.XXXXXX")
	trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT

	log "downloading github.com/golangci/golangci-lint/v2@$GCL_VERSION from the module proxy"
	src=$(cd "$work" && GOFLAGS=-mod=mod go mod download -json "github.com/golangci/golangci-lint/v2@$GCL_VERSION" |
		sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
	[[ -d $src ]] || { log "module download failed"; exit 1; }
	cp -R "$src" "$work/gcl"
	chmod -R u+w "$work/gcl"
	cd "$work/gcl"

	log "adding the plugin import and the replace to $root"
	cat >cmd/golangci-lint/plugins.go <<GO
package main

// This file is used to declare module plugins.

import (
	_ "$PLUGIN"
)
GO
	go mod edit -replace "$MODULE=$root"
	go mod tidy >&2

	log "building (cold: about 6 minutes on 2 cores)"
	version="${GCL_VERSION#v}-custom-gcl-rowalign-$key"
	go build -ldflags "-s -w -X 'main.version=$version' -X 'main.date=$(date -u '+%Y-%m-%d %H:%M:%S +0000 UTC')'" \
		-o "$work/golangci-lint" ./cmd/golangci-lint
	mv "$work/golangci-lint" "$bin"
	# Keep only this key's binary.
	for old in "$cache"/golangci-lint-*-rowalign-*; do
		[[ $old == "$bin" ]] || rm -f "$old"
	done
	log "built $bin in $(($(date +%s) - start)) s"
fi

if [[ -n $out ]]; then
	cp "$bin" "$out"
	echo "$out"
else
	echo "$bin"
fi
