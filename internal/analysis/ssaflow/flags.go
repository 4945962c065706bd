package ssaflow

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A flagFunc is a function of package flag or pflag that defines an
// integer flag with a default.
type flagFunc struct {
	// isVar is set for the IntVar forms, which store the default through
	// the pointer argument ptr; the others return a pointer to it.
	isVar bool
	// ptr and value are the indices of the pointer and default arguments
	// in the SSA call (a *FlagSet method's receiver is argument 0).
	ptr, value int
}

// flagPackages are the packages whose integer flags are traced to their
// default.
var flagPackages = map[string]bool{"flag": true, "github.com/spf13/pflag": true}

// flagNames maps each function to the index of its default among the
// arguments after the receiver, and whether it is an IntVar form (the
// pointer is then argument 0). The P forms of pflag take a shorthand
// after the name.
var flagNames = map[string]flagFunc{
	"Int": {value: 1}, "Int8": {value: 1}, "Int16": {value: 1}, "Int32": {value: 1}, "Int64": {value: 1},
	"Uint": {value: 1}, "Uint8": {value: 1}, "Uint16": {value: 1}, "Uint32": {value: 1}, "Uint64": {value: 1},
	"IntP": {value: 2}, "Int8P": {value: 2}, "Int16P": {value: 2}, "Int32P": {value: 2}, "Int64P": {value: 2},
	"UintP": {value: 2}, "Uint8P": {value: 2}, "Uint16P": {value: 2}, "Uint32P": {value: 2}, "Uint64P": {value: 2},
	"IntVar": {isVar: true, value: 2}, "Int8Var": {isVar: true, value: 2}, "Int16Var": {isVar: true, value: 2},
	"Int32Var": {isVar: true, value: 2}, "Int64Var": {isVar: true, value: 2},
	"UintVar": {isVar: true, value: 2}, "Uint8Var": {isVar: true, value: 2}, "Uint16Var": {isVar: true, value: 2},
	"Uint32Var": {isVar: true, value: 2}, "Uint64Var": {isVar: true, value: 2},
	"IntVarP": {isVar: true, value: 3}, "Int8VarP": {isVar: true, value: 3}, "Int16VarP": {isVar: true, value: 3},
	"Int32VarP": {isVar: true, value: 3}, "Int64VarP": {isVar: true, value: 3},
	"UintVarP": {isVar: true, value: 3}, "Uint8VarP": {isVar: true, value: 3}, "Uint16VarP": {isVar: true, value: 3},
	"Uint32VarP": {isVar: true, value: 3}, "Uint64VarP": {isVar: true, value: 3},
}

// flagOf reports whether common calls a flag definition of flag or
// pflag, as a package function or a *FlagSet method.
func flagOf(common *ssa.CallCommon) (flagFunc, bool) {
	fn := common.StaticCallee()
	if fn == nil {
		return flagFunc{}, false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || !flagPackages[obj.Pkg().Path()] {
		return flagFunc{}, false
	}
	f, ok := flagNames[obj.Name()]
	if !ok {
		return flagFunc{}, false
	}
	if recv := obj.Signature().Recv(); recv != nil {
		if ptr, isPtr := recv.Type().(*types.Pointer); !isPtr || !isNamed(ptr.Elem(), "FlagSet") {
			return flagFunc{}, false
		}
		f.ptr, f.value = f.ptr+1, f.value+1
	}
	if f.value >= len(common.Args) || f.ptr >= len(common.Args) {
		return flagFunc{}, false
	}
	return f, true
}

func isNamed(t types.Type, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Name() == name
}

// flagGetter reports whether common reads an integer flag by name from a
// pflag FlagSet (n, err := cmd.Flags().GetInt("page-size"), cobra's
// way), and the name.
func flagGetter(common *ssa.CallCommon) (string, bool) {
	fn := common.StaticCallee()
	if fn == nil || len(common.Args) != 2 {
		return "", false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Pkg() == nil || obj.Pkg().Path() != "github.com/spf13/pflag" || obj.Signature().Recv() == nil {
		return "", false
	}
	kind, ok := strings.CutPrefix(obj.Name(), "Get")
	if _, isInt := flagNames[kind]; !ok || !isInt {
		return "", false
	}
	return stringConst(common.Args[1])
}

// flagName returns the name a flag definition gives its flag: its first
// string argument.
func flagName(common *ssa.CallCommon) (string, bool) {
	for _, a := range common.Args {
		if name, ok := stringConst(a); ok {
			return name, true
		}
	}
	return "", false
}

func stringConst(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// flagByName traces the defaults of the package's integer flags named
// name: a flag read by name has the default its definition gives it.
func (t *tracer) flagByName(name string, depth int, s *sink) {
	for _, call := range t.p.calls {
		common := call.Common()
		f, ok := flagOf(common)
		if n, named := flagName(common); !ok || !named || n != name {
			continue
		}
		if c, ok := call.(*ssa.Call); ok {
			t.trace(common.Args[f.value], c, -1, depth, s)
		}
	}
}
