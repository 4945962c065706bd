package nosql

import "fmt"

func f() { fmt.Println("duckdb") }
