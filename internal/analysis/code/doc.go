// Package code answers small questions about Go syntax and types that
// every rowalign pass asks: which function a call names, whether a type is
// a given named type or an integer, the constant value of an expression,
// the function around a node, whether a loop waits on the clock. It holds
// no state and knows nothing of DuckDB or of where values flow (that is
// package flow); it is to the passes what staticcheck's analysis/code is
// to its checks.
package code
