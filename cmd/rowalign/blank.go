package main

import (
	"go/scanner"
	"go/token"
	"strings"
)

// blankBodies returns a copy of src, a Go file, with the text inside the
// body of every function declaration replaced by spaces (newlines and
// //line directives kept, so every position outside the bodies is the
// same), or src itself when it does not scan. dropBodies would throw
// those bodies away after parsing them: parsed first, they were most of
// the garbage a standalone run made while loading a dependency (on
// xo/usql, 131 MB of such source; docs/measurements.md, "Standalone
// memory"), and the collector's work with it.
//
// Function literals are left alone (they only appear inside bodies or in
// package-level initializers, which are kept), and so is a result type
// written with braces (func f() struct{ x int } {).
func blankBodies(src []byte) []byte {
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	bad := false
	s.Init(file, src, func(token.Position, string) { bad = true }, scanner.ScanComments)
	out := []byte(nil)
	prev := token.SEMICOLON // a declaration starts the file
	depth := 0              // (, [ and { around the token
	inFunc := false         // in a function declaration's signature
	typeBrace := false      // the next { opens a struct or interface type
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.COMMENT {
			continue
		}
		switch tok {
		case token.FUNC:
			inFunc = inFunc || depth == 0 && prev == token.SEMICOLON
		case token.STRUCT, token.INTERFACE:
			typeBrace = true
		case token.LPAREN, token.LBRACK:
			depth++
		case token.RPAREN, token.RBRACK:
			depth--
		case token.LBRACE:
			if inFunc && depth == 0 && !typeBrace {
				open := file.Offset(pos)
				end, keep, ok := closeBrace(&s, file)
				if !ok {
					return src
				}
				if out == nil {
					out = append([]byte(nil), src...)
				}
				blank(out, open+1, end, keep)
				inFunc = false
				prev = token.RBRACE
				continue
			}
			typeBrace = false
			depth++
		case token.RBRACE:
			depth--
		case token.SEMICOLON:
			if depth == 0 {
				inFunc = false // a declaration without a body
			}
		}
		if tok != token.STRUCT && tok != token.INTERFACE && tok != token.LBRACE {
			typeBrace = false
		}
		prev = tok
	}
	if bad || out == nil {
		return src
	}
	return out
}

// closeBrace scans to the } that closes the { just scanned and returns
// its offset and the byte ranges of the //line and /*line directives on
// the way; false at the end of the file first.
func closeBrace(s *scanner.Scanner, file *token.File) (end int, keep [][2]int, ok bool) {
	depth := 1
	for {
		pos, tok, lit := s.Scan()
		switch tok {
		case token.EOF:
			return 0, nil, false
		case token.COMMENT:
			if strings.HasPrefix(lit, "//line ") || strings.HasPrefix(lit, "/*line ") {
				at := file.Offset(pos)
				keep = append(keep, [2]int{at, at + len(lit)})
			}
		case token.LBRACE:
			depth++
		case token.RBRACE:
			depth--
			if depth == 0 {
				return file.Offset(pos), keep, true
			}
		}
	}
}

// blank overwrites out[from:to] with spaces, but for its newlines and
// the ranges in keep (directives that position what follows them).
func blank(out []byte, from, to int, keep [][2]int) {
	for i := from; i < to; i++ {
		if len(keep) > 0 && i >= keep[0][0] {
			i = keep[0][1] - 1
			keep = keep[1:]
			continue
		}
		if out[i] != '\n' {
			out[i] = ' '
		}
	}
}
