/* Long: the jamming fraction of the 50:50 mixture of diameters 1 and 1.4 (O'Hern et al., Phys.
 * Rev. E 68, 011306, 2003: phi_J = 0.84 for fast compressions) over eight gases of 1024 disks,
 * each compressed at growth rate 0.01 until its reduced pressure passes 1e6: every one jams
 * within 0.82..0.86, their mean within 0.83..0.85, and none overlaps. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_main.h"

#include <circol/world.h>

#include "growth_common.h"
#include "world_common.h"

static void bidisperse_gases_jam_near_phi_j_over_seeds(void **state) {
    (void)state;
    const int n = 1024, seeds = 8;
    const double side = 68.0;
    double sum = 0.0, sum_sq = 0.0;
    for (uint64_t seed = 1; seed <= (uint64_t)seeds; ++seed) {
        ccl_world *w = gc_gas(n, side, true, seed);
        assert_non_null(w);
        assert_int_equal(ccl_world_set_growth_rate(w, 0.01), CCL_OK);
        gc_round r = {CCL_OK, 0.0, 0.0};
        for (int round = 0; round < 100000 && r.pressure < 1e6; ++round) {
            r = gc_compress_round(w, n, 10, side * side);
            assert_int_equal(r.status, CCL_OK);
        }
        assert_true(r.pressure >= 1e6);
        assert_true(ccl_world_max_overlap(w) <= 1e-12);
        print_message("seed %d: phi_J %.5f\n", (int)seed, r.phi);
        assert_true(r.phi > 0.82 && r.phi < 0.86);
        sum += r.phi;
        sum_sq += r.phi * r.phi;
        ccl_world_destroy(w);
    }
    double mean = sum / seeds, spread = sqrt(fmax(sum_sq / seeds - mean * mean, 0.0));
    print_message("phi_J %.5f +- %.5f (standard deviation over %d seeds)\n", mean, spread, seeds);
    assert_true(mean > 0.83 && mean < 0.85);
}

CCL_TEST_MAIN(cmocka_unit_test(bidisperse_gases_jam_near_phi_j_over_seeds))
