/* One turn of the solver, for REAL = float or double (included twice by
 * solver_kernel.c). Arrays of holds are [hold][LANES]; only the first L lanes are used. */

/* Rows of the final roll (as the numpy solver's stack): rows[k] = points of stack row
 * k plus bonuses plus the next state's value; zero = the best box filled with 0. */
static void FN(box_rows)(const Tables *t, int64_t mask, int y, int L, const double *V,
                         REAL *rows, REAL *zero)
{
    int l;
    for (l = 0; l < L; l++)
        zero[l] = (REAL)NEG;
    for (int b = 0; b < t->n_boxes; b++) {
        if (mask >> b & 1)
            continue;
        int64_t nm = mask | ((int64_t)1 << b);
        int is_fab = b == t->fab;
        /* filled with 0 the five-alike flag is 0; filled with points it records them */
        const double *vz = V + ((nm << 1 | (is_fab ? 0 : y)) << 6);
        const double *vp = V + ((nm << 1 | (is_fab ? t->has_y : y)) << 6);
        int upper = b < t->n_upper && t->track_u;
        for (l = 0; l < L; l++) {
            REAL z = (REAL)vz[l];
            zero[l] = z > zero[l] ? z : zero[l];
        }
        for (int k = t->row_start[b]; k < t->row_start[b + 1]; k++) {
            int p = t->row_pts[k];
            REAL *row = rows + (size_t)k * LANES;
            if (upper) {
                for (l = 0; l < L; l++) {
                    double bonus;
                    int nu = next_upper(t, l, p, &bonus);
                    row[l] = (REAL)(p + bonus + vp[nu]);
                }
            } else {
                for (l = 0; l < L; l++)
                    row[l] = (REAL)(p + vp[l]);
            }
        }
    }
}

/* Values of the six five-alike rolls from the Joker table (states where they differ
 * from plain scoring), into the roll rows of A. */
static void FN(five_alike)(const Tables *t, int64_t mask, int y, int L, const double *V,
                           REAL *A)
{
    double best[LANES];
    int nb = t->n_boxes;
    for (int f = 0; f < 6; f++) {
        int64_t k = (mask * 2 + y) * 6 + f;
        const int16_t *jp = t->joker_pts + k * nb;
        int l;
        for (l = 0; l < L; l++)
            best[l] = NEG;
        for (int b = 0; b < nb; b++) {
            int p = jp[b];
            if (p < 0)
                continue;
            int64_t nm = mask | ((int64_t)1 << b);
            int ny = (b == t->fab && t->has_y) ? (p > 0) : y;
            const double *v = V + ((nm << 1 | ny) << 6);
            int upper = b < t->n_upper && t->track_u;
            for (l = 0; l < L; l++) {
                double bonus = 0;
                int nu = upper ? next_upper(t, l, p, &bonus) : l;
                double x = p + bonus + v[nu];
                best[l] = x > best[l] ? x : best[l];
            }
        }
        double jb = t->joker_bonus[k];
        REAL *a = A + (size_t)(N_SMALL + t->five_roll[f]) * LANES;
        for (l = 0; l < L; l++)
            a[l] = (REAL)(best[l] + jb);
    }
}

/* Every hold of fewer than five dice: the mean over the next die's six faces. */
static void FN(expect)(const Tables *t, REAL *A, int L)
{
    for (int h = N_SMALL - 1; h >= 0; h--) {   /* children are larger holds: done first */
        const int32_t *c = t->child + h * 6;
        const REAL *c0 = A + (size_t)c[0] * LANES, *c1 = A + (size_t)c[1] * LANES,
                   *c2 = A + (size_t)c[2] * LANES, *c3 = A + (size_t)c[3] * LANES,
                   *c4 = A + (size_t)c[4] * LANES, *c5 = A + (size_t)c[5] * LANES;
        REAL *o = A + (size_t)h * LANES;
        for (int l = 0; l < L; l++)
            o[l] = (((((c0[l] + c1[l]) + c2[l]) + c3[l]) + c4[l]) + c5[l]) / (REAL)6;
    }
}

/* B[h] = the best of A over every hold inside h (h included). */
static void FN(best_inside)(const Tables *t, const REAL *A, REAL *B, int L)
{
    for (int h = 0; h < N_HOLDS; h++) {   /* sub-holds are smaller: done first */
        const REAL *a = A + (size_t)h * LANES;
        REAL *o = B + (size_t)h * LANES;
        int l;
        for (l = 0; l < L; l++)
            o[l] = a[l];
        for (int j = t->par_start[h]; j < t->par_start[h + 1]; j++) {
            const REAL *q = B + (size_t)t->par[j] * LANES;
            for (l = 0; l < L; l++)
                o[l] = q[l] > o[l] ? q[l] : o[l];
        }
    }
}

/* Expected remaining score of state (mask, y, u) for u < L, into out. */
static void FN(turn)(const Tables *t, int64_t mask, int y, int L, const double *V,
                     REAL *A, REAL *B, REAL *rows, double *out)
{
    REAL *zero = rows + (size_t)t->n_stack * LANES;
    int l;
    FN(box_rows)(t, mask, y, L, V, rows, zero);
    for (int r = 0; r < N_ROLLS; r++) {
        REAL *a = A + (size_t)(N_SMALL + r) * LANES;
        for (l = 0; l < L; l++)
            a[l] = zero[l];
        for (int k = t->pos_start[r]; k < t->pos_start[r + 1]; k++) {
            if (mask >> t->pos_box[k] & 1)
                continue;
            const REAL *row = rows + (size_t)t->pos_row[k] * LANES;
            for (l = 0; l < L; l++)
                a[l] = row[l] > a[l] ? row[l] : a[l];
        }
    }
    if (t->special[mask * 2 + y])
        FN(five_alike)(t, mask, y, L, V, A);
    for (int stage = 0; stage < 2; stage++) {   /* one roll left, then two */
        FN(expect)(t, A, L);
        FN(best_inside)(t, A, B, L);
        if (stage == 0)
            for (int r = 0; r < N_ROLLS; r++) {
                const REAL *b = B + (size_t)(N_SMALL + r) * LANES;
                REAL *a = A + (size_t)(N_SMALL + r) * LANES;
                for (l = 0; l < L; l++)
                    a[l] = b[l];
            }
    }
    for (l = 0; l < L; l++)
        out[l] = 0;
    for (int r = 0; r < N_ROLLS; r++) {
        const REAL *b = B + (size_t)(N_SMALL + r) * LANES;
        double pr = t->roll_prob[r];
        for (l = 0; l < L; l++)
            out[l] += pr * (double)b[l];
    }
}

/* Solve every state of masks[i] for the i taken from *next (shared by the threads
 * solving one layer) until none is left; values go to V. 0 = done, -1 = no memory. */
int FN(solve_masks)(const Tables *t, const int64_t *masks, int64_t n, int64_t *next,
                    double *V)
{
    size_t hold_bytes = (size_t)N_HOLDS * LANES * sizeof(REAL);
    size_t row_bytes = (size_t)(t->n_stack + 1) * LANES * sizeof(REAL);
    REAL *A = aligned_alloc(64, hold_bytes);
    REAL *B = aligned_alloc(64, hold_bytes);
    REAL *rows = aligned_alloc(64, (row_bytes + 63) / 64 * 64);
    double out[LANES];
    if (!A || !B || !rows) {
        free(A);
        free(B);
        free(rows);
        return -1;
    }
    for (;;) {
        int64_t i = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
        if (i >= n)
            break;
        int64_t mask = masks[i];
        int L = t->lanes[mask & 63];
        int width = (L + 7) & ~7;           /* whole vectors; extra lanes unreachable */
        int ys = (t->has_y && (mask >> t->fab & 1)) ? 2 : 1;
        for (int y = 0; y < ys; y++) {
            FN(turn)(t, mask, y, width, V, A, B, rows, out);
            double *v = V + ((mask << 1 | y) << 6);
            for (int l = 0; l < L; l++)
                v[l] = out[l];
        }
    }
    free(A);
    free(B);
    free(rows);
    return 0;
}
