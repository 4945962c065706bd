package ssaflow

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// build builds the package's SSA once; it reports whether there is one.
func (p *Program) build() bool {
	if p.built {
		return p.ssa != nil
	}
	p.built = true
	if p.broken || p.pkg == nil || p.info == nil || len(p.files) == 0 {
		return false
	}
	pkg := buildPackage(p)
	if pkg == nil {
		return false
	}
	p.ssa = pkg
	p.syntax = newSyntax(p.info, p.files)
	// Methods are not package members: reach every declared function
	// through its object. init holds the package's variable
	// initializers (var page = flag.Int(...)).
	if init := pkg.Func("init"); init != nil {
		p.addFunc(init)
	}
	for _, f := range p.files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok {
				if obj, ok := p.info.Defs[decl.Name].(*types.Func); ok {
					if fn := pkg.Prog.FuncValue(obj); fn != nil && fn.Pkg == pkg {
						p.addFunc(fn)
					}
				}
			}
		}
	}
	return true
}

// buildPackage builds the SSA of p's package, its imports created from
// types without bodies. It returns nil if the builder panics: the last
// line of defence on code the type checker accepted but the builder does
// not expect (the guard against type errors is in build).
func buildPackage(p *Program) (pkg *ssa.Package) {
	defer func() {
		if recover() != nil {
			pkg = nil
		}
	}()
	// GlobalDebug keeps a DebugRef for each expression, the link from
	// syntax to values.
	prog := ssa.NewProgram(p.fset, ssa.GlobalDebug)
	// The package itself is created once, with its bodies, below.
	created := map[*types.Package]bool{p.pkg: true}
	var create func([]*types.Package)
	create = func(pkgs []*types.Package) {
		for _, imp := range pkgs {
			if !created[imp] {
				created[imp] = true
				prog.CreatePackage(imp, nil, nil, true)
				create(imp.Imports())
			}
		}
	}
	create(p.pkg.Imports())
	pkg = prog.CreatePackage(p.pkg, p.files, p.info, false)
	buildHook(pkg)
	pkg.Build()
	return pkg
}

// buildHook runs before Build; tests set it to make the builder panic.
var buildHook = func(*ssa.Package) {}

// addFunc records fn, its function literals and their instructions.
func (p *Program) addFunc(fn *ssa.Function) {
	if fn.Blocks == nil {
		return
	}
	p.funcs = append(p.funcs, fn)
	p.syntax.index(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case ssa.CallInstruction:
				p.calls = append(p.calls, instr)
			case *ssa.Store:
				p.stores = append(p.stores, instr)
			case *ssa.Send:
				p.sends = append(p.sends, instr)
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		p.addFunc(anon)
	}
}
