// Package ssaflow traces an integer expression of a package (a page
// size, a commit size, a stride) back to the constants it may be set
// from, with go/ssa: exact reaching definitions through phi nodes,
// closures, go and defer statements, calls and returns, channels,
// iterators, flags and defaults.
//
// SSA is built for the package under analysis only, and only when a
// caller asks (most packages never do): its imports are created from
// their types without bodies, so no facts about dependencies are needed
// (buildssa would require ctrlflow's facts on every dependency). A
// package with type errors gets no SSA and no answer.
//
// # Policy
//
// A constant that reaches the use on some path is a size written in the
// source, and it is reported even when other paths bring values from
// outside: the default of flag.Int("page", 100000, ...), the fallback of
// envInt("PAGE", 250_000) or cmp.Or(envSize(), 250_000), the value of
// batch := 200_000 that an environment variable may overwrite, the
// default set by if n == 0 { n = 100_000 }. Those constants run whenever
// the user does not override them. A constant that never reaches the use
// is not reported: in n := 100_000; n = compute() the first value is
// always overwritten.
//
// # What is traced
//
// From the value of an expression, backwards:
//   - phi nodes (every assignment that reaches the use), conversions, and
//     n+1 or n-1 (LIMIT n+1 asks for one row more);
//   - a parameter: the arguments of every call of its function in the
//     package: static calls and calls of methods, go and defer
//     statements, function literals called directly or through a local
//     variable, and functions passed to a callee that calls them (the
//     body of a range-over-func loop gets its variables from the
//     iterator's yield call);
//   - a captured variable: every store to it, in the function that
//     declares it and in every closure that shares it;
//   - a struct field: every store to that field in the package, keyed by
//     its declaration (the rule the syntax index of package flow follows);
//   - the result of a call of a function or method of the package: the
//     values it returns; cmp.Or, min and max: each of their arguments;
//   - flag.Int, flag.IntVar, their *flag.FlagSet methods and their
//     github.com/spf13/pflag equivalents: the flag's default;
//   - a receive from a channel (including range over it): every value
//     sent on a channel made by the same make(chan) in the package;
//   - with an External (facts, package values): a call of another
//     package's function, to the arguments it returns and the constants
//     it returns (settings.EnvInt("PAGE", 200_000)); another package's
//     variable or field, to the constants its package writes into it.
//     Those constants are Sources with Where set and no Expr: they are
//     reported at the use, not fixed.
//
// A parameter of an exported function is also a Source (Func and Param
// set): callers in other packages pass it (see pagewalk's Walks fact).
//
// Anything else (a call into another package without a fact, a map, a
// slice element) brings no constant on that path.
package ssaflow
