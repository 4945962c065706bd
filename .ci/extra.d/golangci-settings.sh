# The golangci-lint column of the settings table (tests/e2e
# TestSettings) and of TestUsageErrors: the custom binary comes from scripts/golangci/build.sh,
# cached under $ROWALIGN_CACHE, so after golangci.sh this is a cache hit.
ROWALIGN_GOLANGCI=$(scripts/golangci/build.sh) exec go test -run 'TestSettings/golangci|TestUsageErrors' ./tests/e2e/
