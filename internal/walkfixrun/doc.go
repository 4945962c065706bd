// Package walkfixrun proves offsetwalk's rewrite on real DuckDB: it builds
// the rewrite fixture's walks as they were and as the fix left them
// (passes/offsetwalk/testdata/rewrite/{export,copy,noctx,single,tail}.go and
// their .golden) into one program, runs both over one generated table, and
// compares what their loop bodies saw, row for row, alone and with a
// concurrent writer.
package walkfixrun
