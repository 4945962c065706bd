package sqltext

import (
	"go/ast"
	"strconv"
	"strings"
)

// TokenKind classifies a SQL token.
type TokenKind int

// Token kinds.
const (
	Word        TokenKind = iota // keyword or identifier, Text upper-cased when unquoted
	Number                       // integer or decimal literal
	String                       // 'quoted string', Text without quotes
	Placeholder                  // ?, $n, $name or :name
	Hole                         // a Go value put into the text
	Punct                        // operators and punctuation
)

// A Token is one lexical element of a reconstructed SQL text.
type Token struct {
	Kind TokenKind
	Text string
	// Part and Off locate the token in its Text: Text[Part].Lit[Off:].
	Part, Off int
	// Arg is the placeholder's argument index (0-based) for Placeholder,
	// -1 for a named one ($lim, :lim), whose name is Text without the $
	// or the colon.
	Arg int
	// Depth is the parenthesis depth the token is at.
	Depth int
}

// lex splits t into tokens. Placeholders ? are numbered in order of
// appearance; $n refers to argument n-1. Comments are dropped. lex never
// fails: anything it does not understand becomes Punct.
func lex(t Text) []Token {
	var toks []Token
	nextArg, depth := 0, 0
	// inQuote is the quote (' or ") a part ends inside of: a hole in
	// quotes (read_csv('%s'), INSERT INTO "%s") is part of the string or
	// the quoted identifier, which goes on in the next fragment.
	var inQuote byte
	for pi, p := range t {
		if p.Expr != nil {
			if inQuote == 0 {
				toks = append(toks, Token{Kind: Hole, Part: pi, Depth: depth})
			}
			continue
		}
		s := p.Lit
		i := 0
		if inQuote != 0 {
			if i = closeQuote(s, 0, inQuote); i > len(s) {
				i = len(s)
			} else {
				inQuote = 0
			}
		}
		for i < len(s) {
			c := s[i]
			start := i
			switch {
			case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
				i++
				continue
			case c == '-' && i+1 < len(s) && s[i+1] == '-':
				for i < len(s) && s[i] != '\n' {
					i++
				}
				continue
			case c == '/' && i+1 < len(s) && s[i+1] == '*':
				end := strings.Index(s[i+2:], "*/")
				if end < 0 {
					i = len(s)
				} else {
					i += end + 4
				}
				continue
			case c == '\'':
				var b strings.Builder
				i++
				closed := false
				for i < len(s) && !closed {
					if s[i] == '\'' {
						if i+1 < len(s) && s[i+1] == '\'' {
							b.WriteByte('\'')
							i += 2
							continue
						}
						i++
						closed = true
						break
					}
					b.WriteByte(s[i])
					i++
				}
				if !closed {
					inQuote = '\'' // the string goes on after a hole
				}
				toks = append(toks, Token{Kind: String, Text: b.String(), Part: pi, Off: start, Depth: depth})
				continue
			case c == '"':
				if i = closeQuote(s, i+1, '"'); i > len(s) {
					i, inQuote = len(s), '"' // the identifier goes on after a hole
				}
				// A quoted identifier keeps its case and never matches a keyword.
				toks = append(toks, Token{Kind: Word, Text: s[start:i], Part: pi, Off: start, Depth: depth})
				continue
			case isDigit(c):
				for i < len(s) && (isDigit(s[i]) || s[i] == '_' || s[i] == '.') {
					i++
				}
				toks = append(toks, Token{Kind: Number, Text: s[start:i], Part: pi, Off: start, Depth: depth})
				continue
			case c == '?':
				i++
				toks = append(toks, Token{Kind: Placeholder, Text: "?", Part: pi, Off: start, Arg: nextArg, Depth: depth})
				nextArg++
				continue
			case c == '$' && i+1 < len(s) && isDigit(s[i+1]):
				i++
				for i < len(s) && isDigit(s[i]) {
					i++
				}
				n, err := strconv.Atoi(s[start+1 : i])
				if err != nil || n < 1 {
					n = 0 // $0 or an absurd number: refers to no argument
				}
				toks = append(toks, Token{Kind: Placeholder, Text: s[start:i], Part: pi, Off: start, Arg: n - 1, Depth: depth})
				continue
			case c == '$' && i+1 < len(s) && isWordStart(s[i+1]):
				// $lim: a named parameter, bound by sql.Named("lim", n).
				i++
				for i < len(s) && isWordPart(s[i]) {
					i++
				}
				toks = append(toks, Token{Kind: Placeholder, Text: s[start:i], Part: pi, Off: start, Arg: -1, Depth: depth})
				continue
			case c == ':' && i+1 < len(s) && isWordStart(s[i+1]) && (i == 0 || s[i-1] != ':'):
				// :lim: an sqlx named parameter, bound from a struct field
				// or map entry (x::INT is a cast: the second colon follows
				// a colon).
				i++
				for i < len(s) && isWordPart(s[i]) {
					i++
				}
				toks = append(toks, Token{Kind: Placeholder, Text: s[start:i], Part: pi, Off: start, Arg: -1, Depth: depth})
				continue
			case isWordStart(c):
				for i < len(s) && isWordPart(s[i]) {
					i++
				}
				toks = append(toks, Token{Kind: Word, Text: strings.ToUpper(s[start:i]), Part: pi, Off: start, Depth: depth})
				continue
			case c == '(':
				toks = append(toks, Token{Kind: Punct, Text: "(", Part: pi, Off: start, Depth: depth})
				depth++
				i++
				continue
			case c == ')':
				if depth > 0 {
					depth--
				}
				toks = append(toks, Token{Kind: Punct, Text: ")", Part: pi, Off: start, Depth: depth})
				i++
				continue
			}
			// Two-character operators first.
			if i+1 < len(s) {
				switch s[i : i+2] {
				case ">=", "<=", "<>", "!=", "::", "==":
					toks = append(toks, Token{Kind: Punct, Text: s[i : i+2], Part: pi, Off: start, Depth: depth})
					i += 2
					continue
				}
			}
			toks = append(toks, Token{Kind: Punct, Text: s[i : i+1], Part: pi, Off: start, Depth: depth})
			i++
		}
	}
	return toks
}

// closeQuote returns the index just after the quote q that closes a
// string or quoted identifier whose content starts at s[i:], or len(s)+1
// if it does not close in s. A doubled quote stands for itself.
func closeQuote(s string, i int, q byte) int {
	for i < len(s) {
		if s[i] == q {
			if i+1 < len(s) && s[i+1] == q {
				i += 2
				continue
			}
			return i + 1
		}
		i++
	}
	return len(s) + 1
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isWordStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}
func isWordPart(c byte) bool { return isWordStart(c) || isDigit(c) }

// Text is a reconstructed SQL text: SQL fragments and holes in order.
type Text []Part

// A Part is a fragment of SQL text, or a hole where a Go value goes in.
type Part struct {
	// Lit is the SQL text of a fragment (Expr == nil).
	Lit string
	// Src is the Go string literal Lit was cut from, when it is known and
	// Lit maps byte for byte onto it (no escapes before it), so a fix can
	// rewrite a number inside it. SrcOff is Lit's offset in Src's value.
	Src    *ast.BasicLit
	SrcOff int
	// Expr is the Go value put into the text at a hole.
	Expr ast.Expr
}

// String renders t with each hole as {?}.
func (t Text) String() string {
	var b strings.Builder
	for _, p := range t {
		if p.Expr != nil {
			b.WriteString("{?}")
		} else {
			b.WriteString(p.Lit)
		}
	}
	return b.String()
}
