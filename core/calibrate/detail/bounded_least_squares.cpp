// SPDX-License-Identifier: MIT
#include "core/calibrate/detail/bounded_least_squares.h"

#include <algorithm>
#include <cmath>

namespace fourfold::core::detail {
namespace {

constexpr double kInitialDamping = 1e-3;
constexpr double kMaxDamping = 1e8;

double sumOfSquares(const std::vector<double>& values) {
    double sum = 0;
    for (double value : values) sum += value * value;
    return sum;
}

double costOf(const LeastSquaresProblem& problem, const std::vector<double>& u,
              const std::vector<double>& residuals) {
    return sumOfSquares(residuals) + problem.ridge * sumOfSquares(u);
}

std::vector<double> clamped(const LeastSquaresProblem& problem, std::vector<double> u) {
    for (std::size_t j = 0; j < u.size(); ++j)
        u[j] = std::clamp(u[j], problem.lower[j], problem.upper[j]);
    return u;
}

bool finite(const std::vector<double>& values) {
    return std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); });
}

}  // namespace

std::optional<std::vector<double>> solveLinear(std::vector<std::vector<double>> a,
                                               std::vector<double> b) {
    const std::size_t n = b.size();
    for (std::size_t column = 0; column < n; ++column) {
        std::size_t pivot = column;
        for (std::size_t row = column + 1; row < n; ++row) {
            if (std::abs(a[row][column]) > std::abs(a[pivot][column])) pivot = row;
        }
        if (std::abs(a[pivot][column]) < 1e-300) return std::nullopt;
        std::swap(a[pivot], a[column]);
        std::swap(b[pivot], b[column]);
        for (std::size_t row = column + 1; row < n; ++row) {
            const double factor = a[row][column] / a[column][column];
            for (std::size_t k = column; k < n; ++k) a[row][k] -= factor * a[column][k];
            b[row] -= factor * b[column];
        }
    }
    std::vector<double> x(n, 0.0);
    for (std::size_t row = n; row-- > 0;) {
        double sum = b[row];
        for (std::size_t k = row + 1; k < n; ++k) sum -= a[row][k] * x[k];
        x[row] = sum / a[row][row];
    }
    if (!finite(x)) return std::nullopt;
    return x;
}

std::optional<Jacobian> differenceJacobian(const LeastSquaresProblem& problem,
                                           const std::vector<double>& u,
                                           const std::vector<double>& residuals, double step,
                                           int& evaluations) {
    Jacobian jacobian(residuals.size(), std::vector<double>(problem.parameters, 0.0));
    std::vector<double> moved;
    for (std::size_t j = 0; j < problem.parameters; ++j) {
        std::vector<double> at = u;
        const double h = u[j] + step <= problem.upper[j] ? step : -step;
        at[j] += h;
        ++evaluations;
        if (!problem.residuals(at, moved) || moved.size() != residuals.size()) return std::nullopt;
        for (std::size_t i = 0; i < residuals.size(); ++i) {
            jacobian[i][j] = (moved[i] - residuals[i]) / h;
        }
    }
    return jacobian;
}

std::optional<LeastSquaresResult> solveBoundedLeastSquares(const LeastSquaresProblem& problem,
                                                           std::vector<double> start,
                                                           const LeastSquaresOptions& options) {
    LeastSquaresResult result;
    result.u = clamped(problem, std::move(start));
    ++result.evaluations;
    if (!problem.residuals(result.u, result.residuals) || !finite(result.residuals)) {
        return std::nullopt;
    }
    result.cost = costOf(problem, result.u, result.residuals);
    const std::size_t p = problem.parameters;
    if (p == 0) {
        result.converged = true;
        return result;
    }
    double damping = kInitialDamping;
    std::vector<double> trial;
    for (int iteration = 0; iteration < options.maxIterations; ++iteration) {
        result.iterations = iteration + 1;
        if (options.jacobian) {
            result.jacobian = *options.jacobian;
        } else {
            auto jacobian = differenceJacobian(problem, result.u, result.residuals, options.step,
                                               result.evaluations);
            if (!jacobian) break;
            result.jacobian = std::move(*jacobian);
        }
        const Jacobian& jac = result.jacobian;
        // Normal equations of the damped, ridged problem: (JᵀJ + ridge·I + λ·diag) δ = −g.
        std::vector<std::vector<double>> normal(p, std::vector<double>(p, 0.0));
        std::vector<double> gradient(p, 0.0);
        for (std::size_t i = 0; i < jac.size(); ++i) {
            for (std::size_t a = 0; a < p; ++a) {
                gradient[a] += jac[i][a] * result.residuals[i];
                for (std::size_t b = 0; b < p; ++b) normal[a][b] += jac[i][a] * jac[i][b];
            }
        }
        for (std::size_t a = 0; a < p; ++a) {
            normal[a][a] += problem.ridge;
            gradient[a] += problem.ridge * result.u[a];
        }
        bool improved = false;
        double change = 0;
        for (int rejection = 0; rejection < options.maxRejections && damping < kMaxDamping;
             ++rejection) {
            auto damped = normal;
            for (std::size_t a = 0; a < p; ++a) damped[a][a] += damping * (normal[a][a] + 1e-12);
            std::vector<double> negative(p);
            for (std::size_t a = 0; a < p; ++a) negative[a] = -gradient[a];
            const auto step = solveLinear(std::move(damped), std::move(negative));
            if (!step) {
                damping *= 4;
                continue;
            }
            std::vector<double> next(p);
            for (std::size_t a = 0; a < p; ++a) next[a] = result.u[a] + (*step)[a];
            next = clamped(problem, std::move(next));
            ++result.evaluations;
            if (problem.residuals(next, trial) && finite(trial) &&
                trial.size() == result.residuals.size()) {
                const double cost = costOf(problem, next, trial);
                if (cost < result.cost) {
                    change = result.cost - cost;
                    double moved = 0;
                    for (std::size_t a = 0; a < p; ++a) {
                        moved = std::max(moved, std::abs(next[a] - result.u[a]));
                    }
                    result.u = std::move(next);
                    result.residuals = trial;
                    result.cost = cost;
                    damping = std::max(damping / 3, 1e-9);
                    improved = true;
                    if (moved < 1e-7) change = 0;
                    break;
                }
            }
            damping *= 4;
        }
        if (!improved || change <= 1e-12 * (1 + result.cost)) {
            result.converged = true;
            break;
        }
    }
    return result;
}

}  // namespace fourfold::core::detail
