# The golangci-lint column of the settings table (internal/e2e
# TestSettings): the custom binary comes from scripts/golangci/build.sh,
# cached under $ROWALIGN_CACHE, so after golangci.sh this is a cache hit.
ROWALIGN_GOLANGCI=$(scripts/golangci/build.sh) exec go test -run 'TestSettings/golangci' ./internal/e2e/
