module github.com/rowalign/rowalign

go 1.26
