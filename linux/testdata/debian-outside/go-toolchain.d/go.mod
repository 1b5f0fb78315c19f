module example.com/gt

go 1.19
