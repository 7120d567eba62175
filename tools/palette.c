/* circol CLI: the colours of a picture's circles: by speed on the viridis map, or by species
 * (radius and mass). */
#include <math.h>
#include <stdlib.h>

#include "picture.h"

/// The species number of circle c in palette, adding it when there is room; -1 for the others.
static int ccl_cli_palette_species(ccl_cli_palette *palette, const ccl_cli_svg_circle *c) {
    double mass = c->immovable ? 0.0 : c->mass;
    for (int k = 0; k < palette->species_count; k++) {
        if (palette->species_radius[k] == c->radius && palette->species_mass[k] == mass) {
            return k;
        }
    }
    if (palette->species_count == CCL_CLI_SPECIES_MAX) {
        palette->others = true;
        return -1;
    }
    palette->species_radius[palette->species_count] = c->radius;
    palette->species_mass[palette->species_count] = mass;
    return palette->species_count++;
}

bool ccl_cli_palette_make(const ccl_cli_svg_picture *picture, ccl_cli_palette *palette) {
    *palette = (ccl_cli_palette){0};
    palette->colours = malloc(((size_t)picture->circle_count + 1) * sizeof *palette->colours);
    if (palette->colours == NULL) {
        return false;
    }
    for (int i = 0; i < picture->circle_count; i++) {
        const ccl_cli_svg_circle *c = &picture->circles[i];
        double speed = hypot(c->velocity.x, c->velocity.y);
        if (!c->immovable && isfinite(speed)) {
            palette->max_speed = fmax(palette->max_speed, speed);
        }
    }
    for (int i = 0; i < picture->circle_count; i++) {
        const ccl_cli_svg_circle *c = &picture->circles[i];
        if (picture->colour_by == CCL_CLI_COLOUR_SPECIES) {
            int k = ccl_cli_palette_species(palette, c);
            palette->colours[i] = ccl_cli_species_colour(k < 0 ? CCL_CLI_SPECIES_MAX : k);
        } else if (c->immovable) {
            palette->colours[i] = ccl_cli_immovable_colour();
            palette->immovable = true;
        } else {
            double speed = hypot(c->velocity.x, c->velocity.y);
            double t = palette->max_speed > 0.0 ? speed / palette->max_speed : 0.0;
            palette->colours[i] = ccl_cli_viridis(t);
        }
    }
    return true;
}

void ccl_cli_palette_free(ccl_cli_palette *palette) {
    free(palette->colours);
    *palette = (ccl_cli_palette){0};
}
