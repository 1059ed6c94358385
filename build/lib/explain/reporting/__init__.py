"""Read-side figures: selectors, the daily rollup, costs, alerts, CSV export."""
