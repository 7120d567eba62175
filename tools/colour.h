/* circol CLI: the colours of pictures: a perceptual map for speed, a palette for species. */
#ifndef CIRCOL_CLI_COLOUR_H
#define CIRCOL_CLI_COLOUR_H

#include <stdbool.h>

/// A colour, 8 bits per channel.
typedef struct ccl_cli_rgb {
    unsigned char r, g, b;
} ccl_cli_rgb;

/// How many species the palette tells apart; the others share one grey.
#define CCL_CLI_SPECIES_MAX 8

/// The viridis map (perceptually uniform, readable in grey and by colour-blind eyes) at t in
/// [0, 1] (clamped): dark blue at 0, yellow at 1.
ccl_cli_rgb ccl_cli_viridis(double t);

/// The colour of species k (Okabe and Ito's palette for colour-blind readers); grey from
/// CCL_CLI_SPECIES_MAX on.
ccl_cli_rgb ccl_cli_species_colour(int k);

/// The grey of immovable circles.
ccl_cli_rgb ccl_cli_immovable_colour(void);

#endif
