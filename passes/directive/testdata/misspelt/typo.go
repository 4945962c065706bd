pakage misspelt

func f() {}
