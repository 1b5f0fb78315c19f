package decode

//go:generate go run ./internal/gen -optable optable.go -dectable dectable.go
