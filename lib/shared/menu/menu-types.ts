/** Spec section 3 "menu item from server". */
export type MenuItem = {
  id: number;
  parentId: number;
  name: string;
  path: string;
  icon: string;
  component: string;
  componentName: string;
  visible: boolean;
  clickable: boolean;
  keepAlive: boolean;
  /** 0 and 2 are shown on the web. */
  platform: number;
  badge: string | null;
  children: MenuItem[];
};

/** Spec section 3 "flat route record". */
export type FlatRoute = Pick<MenuItem, 'id' | 'name' | 'visible' | 'clickable' | 'path'>;
