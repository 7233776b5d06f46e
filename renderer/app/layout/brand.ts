// Names shown in the frame of every screen.
export const PRODUCT_NAME = '代理店ポータル';
export const SUPPLIER_NAME = 'オフィスサプライ株式会社';
