/* circol CLI: what `circol gas` measures from the disks' positions: the mean-square displacement
 * from the unwrapped positions (and the diffusion coefficient from its slope), and the pair
 * correlation g(r) near contact from a histogram (and its contact value, extrapolated). */
#ifndef CIRCOL_CLI_OBSERVE_H
#define CIRCOL_CLI_OBSERVE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <circol/world.h>

/// g(r) is histogrammed in bins of this width from contact on.
#define CCL_CLI_OBSERVE_BIN 0.02

/// What the samples gathered.
typedef struct ccl_cli_observe {
    int n;                          ///< disks
    double side;                    ///< the periodic box's side
    double sigma;                   ///< the contact distance of g(r); 0: no g(r) (a mixture)
    double t0;                      ///< world time of the first sample
    ccl_vec2 *start;                ///< unwrapped positions at the first sample
    ccl_vec2 *now;                  ///< scratch: unwrapped positions of a sample
    int *cell_head, *next;          ///< scratch: the cell list of the g(r) pass
    int cells;                      ///< cells along a side (0: no g(r))
    int bins;                       ///< g(r) bins, from sigma to sigma + bins x CCL_CLI_OBSERVE_BIN
    uint64_t *histogram;            ///< pair counts per bin, all samples together
    uint64_t *sample_counts;        ///< scratch: one sample's counts
    int capacity, count;            ///< samples held
    double *time, *msd, *g_contact; ///< per sample (g_contact NaN without g(r))
} ccl_cli_observe;

/// Sets up for n disks in a periodic box of side side, at most capacity samples; sigma > 0 for
/// g(r) between disks of that diameter. False when out of memory.
bool ccl_cli_observe_init(ccl_cli_observe *o, int n, double side, double sigma, int capacity);

/// Frees what init allocated.
void ccl_cli_observe_free(ccl_cli_observe *o);

/// Takes one sample of the world now (the first one is the origin of the displacements). False
/// when the world refuses the export.
bool ccl_cli_observe_sample(ccl_cli_observe *o, const ccl_world *world);

/// The diffusion coefficient, msd = 4 D t fitted by least squares over the later half of the
/// samples (the first ones are ballistic); NaN with fewer than two samples there.
double ccl_cli_observe_diffusion(const ccl_cli_observe *o);

/// The contact value of g(r): the mean and standard error over the samples (after the first) of
/// each sample's extrapolation; NaN where there is none.
void ccl_cli_observe_contact(const ccl_cli_observe *o, double *mean, double *stderr_out);

/// Writes g(r) of every sample together as CSV (r at each bin's centre, g). False on an error.
bool ccl_cli_observe_write_gr(const ccl_cli_observe *o, FILE *file);

#endif
