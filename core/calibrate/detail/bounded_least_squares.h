// SPDX-License-Identifier: MIT
// Bounded nonlinear least squares for a handful of parameters: Levenberg–Marquardt (Moré 1978)
// with each step clipped to the box, a weak ridge towards the start (Tikhonov) so that a
// direction the residuals barely see stays where it began, and a Jacobian by forward
// differences or one given (the chord method, for fits that start at a neighbouring optimum).
// Every loop is bounded.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace fourfold::core::detail {

// Row-major: rows[i][j] = ∂r_i/∂u_j.
using Jacobian = std::vector<std::vector<double>>;

struct LeastSquaresProblem {
    std::size_t parameters = 0;
    std::vector<double> lower;  // per parameter, the box
    std::vector<double> upper;
    double ridge = 1e-4;  // weight of Σ u_j²: the start is u = 0
    // Residuals at u; false when they cannot be computed there.
    std::function<bool(const std::vector<double>& u, std::vector<double>& residuals)> residuals;
};

struct LeastSquaresOptions {
    int maxIterations = 40;
    int maxRejections = 12;  // trial steps per iteration (the damping grows 4× after each)
    double step = 0.02;      // forward-difference step in u
    // Given: used as the Jacobian at every iterate instead of differences (chord method).
    std::optional<Jacobian> jacobian;
};

struct LeastSquaresResult {
    std::vector<double> u;
    std::vector<double> residuals;  // at u
    double cost = 0;                // Σ r² + ridge Σ u²
    int iterations = 0;
    int evaluations = 0;  // residual vectors computed
    bool converged = false;
    Jacobian jacobian;  // at the last Jacobian evaluation
};

// Jacobian of `problem`'s residuals at u (`residuals` are those at u), by forward differences
// (backward where a forward step would leave the box). Counts its evaluations into `evaluations`.
[[nodiscard]] std::optional<Jacobian> differenceJacobian(const LeastSquaresProblem& problem,
                                                         const std::vector<double>& u,
                                                         const std::vector<double>& residuals,
                                                         double step, int& evaluations);

// Minimises Σ r(u)² + ridge Σ u² over the box from `start`. Empty when the residuals cannot be
// computed at the start.
[[nodiscard]] std::optional<LeastSquaresResult> solveBoundedLeastSquares(
    const LeastSquaresProblem& problem, std::vector<double> start,
    const LeastSquaresOptions& options = {});

// Solves A x = b for a small symmetric positive (semi)definite A by Gaussian elimination with
// partial pivoting; empty when A is singular.
[[nodiscard]] std::optional<std::vector<double>> solveLinear(std::vector<std::vector<double>> a,
                                                             std::vector<double> b);

}  // namespace fourfold::core::detail
