//! The Sudoku graph: one vertex per cell, an edge between every two cells that share a house.

use std::sync::Arc;

use sudoku_core::{Geometry, Shape};

/// The constraint graph of one board: its edges are the peers of the board's [`Geometry`]
/// (two cells sharing a row, column, box or jigsaw region, or a diagonal under the X rule), read
/// from the shared tables rather than built again. On a classic board every vertex has the same
/// degree (20 on 9×9); on a diagonal or jigsaw board degrees differ from cell to cell.
#[derive(Clone, Debug)]
pub struct Graph {
    geometry: Arc<Geometry>,
}

impl Graph {
    /// The graph of the board `geometry` describes.
    pub fn of(geometry: &Arc<Geometry>) -> Graph {
        Graph {
            geometry: geometry.clone(),
        }
    }

    pub fn shape(&self) -> Shape {
        self.geometry.shape()
    }

    pub fn vertex_count(&self) -> usize {
        self.geometry.cell_count()
    }

    /// The number of neighbours of `vertex`.
    pub fn degree(&self, vertex: usize) -> usize {
        self.neighbours(vertex).len()
    }

    pub fn edge_count(&self) -> usize {
        (0..self.vertex_count())
            .map(|v| self.degree(v))
            .sum::<usize>()
            / 2
    }

    /// The neighbours of `vertex`, ascending.
    pub fn neighbours(&self, vertex: usize) -> &[usize] {
        self.geometry.peers(vertex)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::Variant;

    #[test]
    fn nine_by_nine_has_81_vertices_810_edges_and_degree_20() {
        let graph = Graph::of(&Geometry::classic(Shape::S9));
        assert_eq!(graph.vertex_count(), 81);
        assert_eq!(graph.edge_count(), 810);
        assert!((0..81).all(|v| graph.degree(v) == 20));
    }

    /// Counted by hand: r1c1 gains the six diagonal cells outside its box; the centre r5c5
    /// gains six on each diagonal; r1c2 is on neither diagonal and keeps its 20.
    #[test]
    fn the_diagonals_add_edges_to_their_cells_only() {
        let graph = Graph::of(&Geometry::of(Shape::S9, &Variant::diagonal()));
        assert_eq!(graph.degree(0), 26);
        assert_eq!(graph.degree(40), 32);
        assert_eq!(graph.degree(1), 20);
    }

    #[test]
    fn edges_join_exactly_the_cells_that_share_a_house() {
        // The pairwise check is cubic: the small shapes make the point.
        for shape in [Shape::S4, Shape::S6, Shape::S9, Shape::S12] {
            for variant in [Variant::classic(), Variant::diagonal()] {
                let geometry = Geometry::of(shape, &variant);
                let graph = Graph::of(&geometry);
                let share_a_house = |a: usize, b: usize| {
                    (0..geometry.house_count()).any(|h| {
                        let cells = geometry.house(h);
                        cells.contains(&a) && cells.contains(&b)
                    })
                };
                for v in 0..graph.vertex_count() {
                    let expected: Vec<usize> = (0..graph.vertex_count())
                        .filter(|&u| u != v && share_a_house(u, v))
                        .collect();
                    assert_eq!(graph.neighbours(v), expected, "{shape} {v}");
                }
            }
        }
    }
}
