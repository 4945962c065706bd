exec scripts/golangci/e2e.sh
