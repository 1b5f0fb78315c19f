#include <stdio.h>
#include <math.h>
int main(void) {
	double xs[] = {0.5, 1.0, 2.0, 3.7, 10.0, -1.25, 1e-5, 100.0};
	for (int i = 0; i < 8; i++) {
		double x = xs[i];
		printf("%g: sin=%.15g cos=%.15g exp=%.15g log=%.15g sqrt=%.15g pow=%.15g atan2=%.15g\n",
			x, sin(x), cos(x), exp(x), log(fabs(x)), sqrt(fabs(x)), pow(fabs(x), 1.5), atan2(x, 0.3));
		printf("  floor=%g ceil=%g round=%g fmod=%.15g tanh=%.15g cbrt=%.15g hypot=%.15g\n",
			floor(x), ceil(x), round(x), fmod(x, 0.7), tanh(x), cbrt(x), hypot(x, 2));
	}
	float f = 1.1f;
	printf("%.9g %.9g %.9g\n", sinf(f), expf(f), sqrtf(f));
	return 0;
}
