//! The Sudoku graph: one vertex per cell, an edge between every two cells that share a unit.

use std::sync::OnceLock;

use sudoku_core::Shape;

/// The constraint graph of one board shape. Every vertex has the same degree (its peer count:
/// 20 on 9×9), so the adjacency lists are one flat array of `degree` entries per vertex.
#[derive(Debug)]
pub struct Graph {
    shape: Shape,
    degree: usize,
    adjacency: Vec<u16>,
}

impl Graph {
    fn build(shape: Shape) -> Graph {
        let adjacency: Vec<u16> = (0..shape.cell_count())
            .flat_map(|cell| shape.peers(cell).map(|peer| peer as u16))
            .collect();
        Graph {
            shape,
            degree: adjacency.len() / shape.cell_count(),
            adjacency,
        }
    }

    /// The graph of `shape`, built on first use and shared afterwards.
    pub fn of(shape: Shape) -> &'static Graph {
        static GRAPHS: [OnceLock<Graph>; 6] = [const { OnceLock::new() }; 6];
        let index = Shape::ALL
            .iter()
            .position(|&s| s == shape)
            .expect("every Shape value is one of Shape::ALL");
        GRAPHS[index].get_or_init(|| Graph::build(shape))
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    pub fn vertex_count(&self) -> usize {
        self.shape.cell_count()
    }

    /// The degree of every vertex.
    pub fn degree(&self) -> usize {
        self.degree
    }

    pub fn edge_count(&self) -> usize {
        self.adjacency.len() / 2
    }

    /// The neighbours of `vertex`, ascending.
    pub fn neighbours(&self, vertex: usize) -> &[u16] {
        &self.adjacency[vertex * self.degree..(vertex + 1) * self.degree]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_has_81_vertices_810_edges_and_degree_20() {
        let graph = Graph::of(Shape::S9);
        assert_eq!(graph.vertex_count(), 81);
        assert_eq!(graph.edge_count(), 810);
        assert_eq!(graph.degree(), 20);
    }

    #[test]
    fn edges_are_symmetric_and_join_exactly_the_peers() {
        for shape in Shape::ALL {
            let graph = Graph::of(shape);
            for v in 0..graph.vertex_count() {
                for &u in graph.neighbours(v) {
                    assert!(shape.sees(v, u as usize));
                    assert!(graph.neighbours(u as usize).contains(&(v as u16)));
                }
                assert_eq!(graph.neighbours(v).len(), shape.peers(v).count());
            }
        }
    }

    #[test]
    fn the_graph_is_built_once() {
        assert!(std::ptr::eq(Graph::of(Shape::S16), Graph::of(Shape::S16)));
    }
}
