# The binary over std and real DuckDB modules: no panics, no internal
# errors (scripts/realcode). Time-boxed per run; the module and build
# caches make a warm machine's run a couple of minutes.
ROWALIGN_REALCODE_TIMEOUT=${ROWALIGN_REALCODE_TIMEOUT:-900} exec scripts/realcode
