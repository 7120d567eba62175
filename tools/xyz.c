/* circol CLI: extended XYZ frames. */
#include "xyz.h"

#include "report.h"

/// Writes the numbers as one line, separated by spaces, each read back exactly. False on error.
static bool ccl_cli_xyz_numbers(FILE *file, const double *values, int count) {
    for (int k = 0; k < count; k++) {
        char number[32];
        ccl_cli_format_number(values[k], number);
        if (fprintf(file, k + 1 < count ? "%s " : "%s\n", number) < 0) {
            return false;
        }
    }
    return true;
}

bool ccl_cli_xyz_write_frame(FILE *file, const ccl_world *world, const ccl_circle_id *ids,
                             int count, ccl_vec2 box_min, ccl_vec2 box_max, bool periodic) {
    int live = 0;
    for (int i = 0; i < count; i++) {
        live += ccl_world_is_valid(world, ids[i]);
    }
    char t[32], x0[32], y0[32], lx[32], ly[32];
    ccl_cli_format_number(ccl_world_time(world), t);
    ccl_cli_format_number(box_min.x, x0);
    ccl_cli_format_number(box_min.y, y0);
    ccl_cli_format_number(box_max.x - box_min.x, lx);
    ccl_cli_format_number(box_max.y - box_min.y, ly);
    if (fprintf(file,
                "%d\nLattice=\"%s 0 0 0 %s 0 0 0 1\" Origin=\"%s %s 0\" "
                "Properties=species:S:1:pos:R:3:radius:R:1:velo:R:3:unwrapped:R:3 Time=%s "
                "pbc=\"%s F\"\n",
                live, lx, ly, x0, y0, t, periodic ? "T T" : "F F") < 0) {
        return false;
    }
    for (int i = 0; i < count; i++) {
        ccl_circle_state s;
        ccl_vec2 u;
        if (ccl_world_get_circle(world, ids[i], &s) != CCL_OK ||
            ccl_world_get_unwrapped_position(world, ids[i], &u) != CCL_OK) {
            continue;
        }
        double values[10] = {s.position.x, s.position.y, 0.0, s.radius, s.velocity.x,
                             s.velocity.y, 0.0,          u.x, u.y,      0.0};
        if (fputs("H ", file) < 0 || !ccl_cli_xyz_numbers(file, values, 10)) {
            return false;
        }
    }
    return true;
}
