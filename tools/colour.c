/* circol CLI: colours. */
#include "colour.h"

#include <math.h>

ccl_cli_rgb ccl_cli_viridis(double t) {
    /* matplotlib's viridis at ten even steps, interpolated linearly between them */
    static const ccl_cli_rgb stops[10] = {
        {0x44, 0x01, 0x54}, {0x48, 0x28, 0x78}, {0x3e, 0x49, 0x89}, {0x31, 0x68, 0x8e},
        {0x26, 0x82, 0x8e}, {0x1f, 0x9e, 0x89}, {0x35, 0xb7, 0x79}, {0x6e, 0xce, 0x58},
        {0xb5, 0xde, 0x2b}, {0xfd, 0xe7, 0x25},
    };
    double x = isnan(t) ? 0.0 : fmin(fmax(t, 0.0), 1.0) * 9.0;
    int k = (int)fmin(floor(x), 8.0);
    double f = x - k;
    ccl_cli_rgb a = stops[k], b = stops[k + 1];
    return (ccl_cli_rgb){(unsigned char)lround(a.r + f * (b.r - a.r)),
                         (unsigned char)lround(a.g + f * (b.g - a.g)),
                         (unsigned char)lround(a.b + f * (b.b - a.b))};
}

ccl_cli_rgb ccl_cli_species_colour(int k) {
    static const ccl_cli_rgb palette[CCL_CLI_SPECIES_MAX] = {
        {0xe6, 0x9f, 0x00}, {0x56, 0xb4, 0xe9}, {0x00, 0x9e, 0x73}, {0xf0, 0xe4, 0x42},
        {0x00, 0x72, 0xb2}, {0xd5, 0x5e, 0x00}, {0xcc, 0x79, 0xa7}, {0x33, 0x33, 0x33},
    };
    return k >= 0 && k < CCL_CLI_SPECIES_MAX ? palette[k] : (ccl_cli_rgb){0xaa, 0xaa, 0xaa};
}

ccl_cli_rgb ccl_cli_immovable_colour(void) {
    return (ccl_cli_rgb){0x77, 0x77, 0x77};
}
