# Debian's Go 1.19 tool chain (golang-1.19-go) compiling, vetting and testing
# under emulation: the compiler and linker are Go programs (threads, SIGURG
# preemption), `go build` and `go test` exec them and the binaries they build.
export GOROOT=/usr/lib/go-1.19 GOCACHE=$PWD/.gocache GOPATH=$PWD/.gopath GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local CGO_ENABLED=0
go=/usr/lib/go-1.19/bin/go
$go version
$go env GOARCH GOOS GOROOT
$go build -o hello . && ./hello; echo "hello exit $?"
$go vet ./...; echo "vet $?"
/usr/lib/go-1.19/bin/gofmt -l . ; echo "gofmt $?"
$go test -count=1 ./sum 2>&1 | sed 's/\t[0-9.]*s$//'
$go test -count=1 -run XXX -bench . -benchtime 100x ./sum 2>&1 | grep -c '^BenchmarkInts'
$go run ./sum 2>&1; echo "run of a library $?"
