/* Single-precision floating point: a leapfrog n-body step, a saxpy and a
   dot product over float arrays, and a Simpson integration in float
   (lfs, stfs, fadds, fmuls, fmadds, fdivs, fsqrts, frsp). For the speed
   comparison with qemu-user (docs/performance.md, speed36). */
#include <math.h>
#include <stdio.h>

#define N 5
#define M 4096
static float px[N], py[N], pz[N], vx[N], vy[N], vz[N], m[N];
static float xs[M], ys[M];

static float f(float x) { return x * x * x - 2.0f * x + 1.0f / (1.0f + x * x); }

int main(void) {
	for (int i = 0; i < N; i++) {
		px[i] = i * 1.5f; py[i] = (i % 2) * 0.7f - 0.3f; pz[i] = 0.1f * i;
		vx[i] = 0.01f * (N - i); vy[i] = 0.02f * i; vz[i] = -0.005f * i;
		m[i] = 1.0f + 0.25f * i;
	}
	const float dt = 0.001f;
	for (int step = 0; step < 30000; step++) {
		for (int i = 0; i < N; i++)
			for (int j = i + 1; j < N; j++) {
				float dx = px[i] - px[j], dy = py[i] - py[j], dz = pz[i] - pz[j];
				float d2 = dx * dx + dy * dy + dz * dz + 0.01f;
				float mag = dt / (d2 * sqrtf(d2));
				vx[i] -= dx * m[j] * mag; vy[i] -= dy * m[j] * mag; vz[i] -= dz * m[j] * mag;
				vx[j] += dx * m[i] * mag; vy[j] += dy * m[i] * mag; vz[j] += dz * m[i] * mag;
			}
		for (int i = 0; i < N; i++) {
			px[i] += dt * vx[i]; py[i] += dt * vy[i]; pz[i] += dt * vz[i];
		}
	}
	float e = 0;
	for (int i = 0; i < N; i++) e += 0.5f * m[i] * (vx[i] * vx[i] + vy[i] * vy[i] + vz[i] * vz[i]);
	for (int i = 0; i < M; i++) {
		xs[i] = (float)(i % 97) * 0.03125f - 1.5f;
		ys[i] = 1.0f / (1.0f + (float)i);
	}
	float dot = 0;
	for (int r = 0; r < 200; r++) {
		float a = 0.5f + 0.001f * r;
		for (int i = 0; i < M; i++) ys[i] = a * xs[i] + ys[i] * 0.5f;
		for (int i = 0; i < M; i++) dot += xs[i] * ys[i];
	}
	const int n = 300000;
	float h = 2.0f / n, s = f(0) + f(2.0f);
	for (int i = 1; i < n; i++) s += (i % 2 ? 4.0f : 2.0f) * f(i * h);
	printf("energy=%.6e dot=%.6e integral=%.6f x0=%.6f\n", e, dot, s * h / 3.0f, px[0]);
	return 0;
}
