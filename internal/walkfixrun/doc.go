// Package walkfixrun proves offsetwalk's rewrite on real DuckDB: it builds
// the rewrite fixture's walks as they were and as the fix left them
// (passes/offsetwalk/testdata/rewrite/{export,copy,noctx,single,tail,keyset,ordered}.go and
// their .golden) into one program, runs both over one generated table, and
// compares what their loop bodies saw, row for row (or, for the keyset and
// ORDER BY walks, whose rows come in another order, what their bodies
// computed), alone and with a concurrent writer.
package walkfixrun
