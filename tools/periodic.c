/* circol CLI: the size rule of a periodic box, asked of the library with a one-circle world. */
#include "periodic.h"

#include <math.h>

#include <circol/circol.h>

bool ccl_cli_periodic_fits(double radius, double side) {
    ccl_world_def def = ccl_world_default_def();
    def.box_min = ccl_v2(0.0, 0.0);
    def.box_max = ccl_v2(side, side);
    def.boundary = CCL_BOUNDARY_PERIODIC;
    def.capacity = 1;
    ccl_world *world = NULL;
    if (ccl_world_create(&def, &world) != CCL_OK) {
        return false;
    }
    ccl_circle_def circle = ccl_circle_default_def();
    circle.position = ccl_v2(0.5 * side, 0.5 * side);
    circle.radius = radius;
    ccl_status status = ccl_world_add_circle(world, &circle, NULL);
    ccl_world_destroy(world);
    return status != CCL_ERR_OUTSIDE_BOX;
}

double ccl_cli_periodic_min_side(double radius) {
    /* below three diameters it never fits; the margin is far less than a sixth of one */
    double low = 6.0 * radius, high = 7.0 * radius;
    while (!ccl_cli_periodic_fits(radius, high) && high < INFINITY) {
        high *= 2.0;
    }
    if (ccl_cli_periodic_fits(radius, low)) {
        return low;
    }
    /* the largest side refused and the smallest accepted are neighbouring doubles */
    while (nextafter(low, high) < high) {
        double middle = low + 0.5 * (high - low);
        if (middle <= low || middle >= high) {
            middle = nextafter(low, high);
        }
        if (ccl_cli_periodic_fits(radius, middle)) {
            high = middle;
        } else {
            low = middle;
        }
    }
    return high;
}
