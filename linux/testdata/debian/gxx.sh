cat > p.cc <<'C'
#include <cstdio>
#include <vector>
#include <string>
#include <algorithm>
#include <stdexcept>
#include <memory>
struct B { virtual ~B() {} virtual std::string name() const = 0; };
struct D : B { std::string name() const override { return "D"; } };
template <typename T> T sum(const std::vector<T> &v) { T s{}; for (const T &x : v) s += x; return s; }
static int depth(int n) { if (n == 0) throw std::out_of_range("bottom"); return depth(n - 1) + 1; }
int main() {
  std::vector<int> v{5, 3, 9, 1};
  std::sort(v.begin(), v.end());
  for (int x : v) std::printf("%d ", x);
  std::printf("sum %d\n", sum(v));
  std::unique_ptr<B> b(new D);
  std::printf("%s\n", b->name().c_str());
  try { depth(4); } catch (const std::exception &e) { std::printf("caught %s\n", e.what()); }
  std::string s = "abc"; s += std::to_string(42); std::printf("%s %zu\n", s.c_str(), s.size());
  return 4;
}
C
g++ -O2 -std=c++17 -c p.cc; echo "g++ $?"; g++ -o p p.o; ./p; echo "run $?"
g++ -static -o ps p.o; echo "static $?"; ./ps | head -2
g++ --version | head -1; c++ -dumpversion
