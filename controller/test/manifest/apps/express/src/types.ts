export type Role = "admin" | "customer";

export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface OrderSummary {
  id: string;
  total: number;
  status: "open" | "shipped";
}

export interface OrderFilter {
  status?: "open" | "shipped";
  since?: string;
}
