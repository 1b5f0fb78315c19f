package decode

//go:generate go run ./internal/gen -o optable.go
