/* Floating-point-heavy: a leapfrog n-body step and a Simpson integration
   in double precision (fadd, fmul, fmadd, fdiv, fsqrt, conversions). For
   the speed comparison with qemu-user (scripts/bench-runner.sh; issue 29). */
#include <math.h>
#include <stdio.h>

#define N 5
static double px[N], py[N], pz[N], vx[N], vy[N], vz[N], m[N];

static double f(double x) { return x * x * x - 2.0 * x + 1.0 / (1.0 + x * x); }

int main(void) {
	for (int i = 0; i < N; i++) {
		px[i] = i * 1.5; py[i] = (i % 2) * 0.7 - 0.3; pz[i] = 0.1 * i;
		vx[i] = 0.01 * (N - i); vy[i] = 0.02 * i; vz[i] = -0.005 * i;
		m[i] = 1.0 + 0.25 * i;
	}
	const double dt = 0.001;
	for (int step = 0; step < 40000; step++) {
		for (int i = 0; i < N; i++)
			for (int j = i + 1; j < N; j++) {
				double dx = px[i] - px[j], dy = py[i] - py[j], dz = pz[i] - pz[j];
				double d2 = dx * dx + dy * dy + dz * dz + 0.01;
				double mag = dt / (d2 * sqrt(d2));
				vx[i] -= dx * m[j] * mag; vy[i] -= dy * m[j] * mag; vz[i] -= dz * m[j] * mag;
				vx[j] += dx * m[i] * mag; vy[j] += dy * m[i] * mag; vz[j] += dz * m[i] * mag;
			}
		for (int i = 0; i < N; i++) {
			px[i] += dt * vx[i]; py[i] += dt * vy[i]; pz[i] += dt * vz[i];
		}
	}
	double e = 0;
	for (int i = 0; i < N; i++) e += 0.5 * m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
	const int n = 400000;
	double h = 2.0 / n, s = f(0) + f(2.0);
	for (int i = 1; i < n; i++) s += (i % 2 ? 4.0 : 2.0) * f(i * h);
	printf("energy=%.9e integral=%.12f x0=%.9f\n", e, s * h / 3.0, px[0]);
	return 0;
}
