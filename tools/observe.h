/* circol CLI: what `circol gas` measures from the positions of its disks (dimension 2) or spheres
 * (dimension 3): the mean-square displacement from the unwrapped positions (and the diffusion
 * coefficient from its slope), and the pair correlation g(r) near contact from a histogram (and
 * its contact value, extrapolated). */
#ifndef CIRCOL_CLI_OBSERVE_H
#define CIRCOL_CLI_OBSERVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <circol/world.h>
#include <circol/world3d.h>

#include "report.h"

/// g(r) is histogrammed in bins of this width from contact on.
#define CCL_CLI_OBSERVE_BIN 0.02

/// What the samples gathered.
typedef struct ccl_cli_observe {
    int dim;                        ///< 2 (disks) or 3 (spheres)
    int n;                          ///< particles
    double side;                    ///< the periodic box's side
    double sigma;                   ///< the contact distance of g(r); 0: no g(r) (a mixture)
    double t0;                      ///< world time of the first sample
    void *block;                    ///< the one allocation that holds every array below
    double *start;                  ///< unwrapped positions at the first sample, dim a particle
    double *now;                    ///< scratch: unwrapped positions of a sample, dim a particle
    void *exported;                 ///< scratch: what the world exported (ccl_vec2 or ccl_vec3)
    int *cell_head, *next;          ///< scratch: the cell list of the g(r) pass
    int cells;                      ///< cells along a side (0: no g(r))
    int bins;                       ///< g(r) bins, from sigma to sigma + bins x CCL_CLI_OBSERVE_BIN
    uint64_t *histogram;            ///< pair counts per bin, all samples together
    uint64_t *sample_counts;        ///< scratch: one sample's counts
    int capacity, count;            ///< samples held
    double *time, *msd, *g_contact; ///< per sample (g_contact NaN without g(r))
} ccl_cli_observe;

/// Sets up for n particles in a periodic box of side side in dimension dim (2 or 3), at most
/// capacity samples; sigma > 0 for g(r) between particles of that diameter. False when out of
/// memory.
bool ccl_cli_observe_init(ccl_cli_observe *o, int dim, int n, double side, double sigma,
                          int capacity);

/// Frees what init allocated.
void ccl_cli_observe_free(ccl_cli_observe *o);

/// Takes one sample of the disks now (the first one is the origin of the displacements). False
/// when the world refuses the export.
bool ccl_cli_observe_sample(ccl_cli_observe *o, const ccl_world *world);

/// The same for a world of spheres.
bool ccl_cli_observe_sample3(ccl_cli_observe *o, const ccl_world3d *world);

/// The diffusion coefficient, msd = 2 dim D t fitted by least squares over the later half of the
/// samples (the first ones are ballistic); NaN with fewer than two samples there.
double ccl_cli_observe_diffusion(const ccl_cli_observe *o);

/// The contact value of g(r): the mean and standard error over the samples (after the first) of
/// each sample's extrapolation; NaN where there is none.
void ccl_cli_observe_contact(const ccl_cli_observe *o, double *mean, double *stderr_out);

/// What a gas reports of its samples.
typedef struct ccl_cli_observed {
    double g_contact, g_contact_stderr; ///< g(sigma) and its standard error; NaN without g(r)
    double z_from_g;         ///< 1 + 2 eta g(sigma) for disks, 1 + 4 eta g(sigma) for spheres
    double diffusion;        ///< D from the mean-square displacement
    double diffusion_enskog; ///< Enskog's D, with g(sigma) from the measured Z; NaN where unknown
} ccl_cli_observed;

/// Computes what the samples say, for a gas at packing fraction eta, number density density
/// (NaN: no Enskog value, as for a mixture) and temperature kT whose collisions gave z. Enskog's
/// D_E is sqrt(kT / (pi m)) / (2 density sigma g(sigma)) for disks and
/// 3 sqrt(kT / (pi m)) / (8 density sigma^2 g(sigma)) for spheres (sigma = m = 1).
void ccl_cli_observe_results(const ccl_cli_observe *o, double eta, double density, double kT,
                             double z, ccl_cli_observed *r);

/// Adds g_contact, g_contact_stderr, Z_from_g_contact and msd (time, value, diffusion,
/// diffusion_enskog) to report. False when out of memory.
bool ccl_cli_observe_json(cJSON *report, const ccl_cli_observe *o, const ccl_cli_observed *r);

/// Prints the summary's lines of the contact value and the diffusion coefficient (none of what
/// was not measured).
void ccl_cli_observe_print(const ccl_cli_observe *o, const ccl_cli_observed *r);

/// Writes g(r) of every sample together as CSV (r at each bin's centre, g) to path, the file of
/// --gr (the header only without g(r)). False on an error, which it reports.
bool ccl_cli_observe_write_gr(const ccl_cli_observe *o, const char *path);

#endif
